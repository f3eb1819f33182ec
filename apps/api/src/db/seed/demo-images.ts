const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A real JPEG poster for the demo's promotions and gallery: a gradient with a caption. */
export async function demoImage(caption: string, from: string, to: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
  </linearGradient></defs>
  <rect width="800" height="500" fill="url(#g)"/>
  <circle cx="650" cy="110" r="160" fill="#ffffff" fill-opacity="0.12"/>
  <circle cx="120" cy="430" r="220" fill="#ffffff" fill-opacity="0.08"/>
  <text x="60" y="280" font-family="DejaVu Sans, sans-serif" font-size="54" font-weight="bold" fill="#ffffff">${escapeXml(caption)}</text>
</svg>`;
  // Loaded only when the demo is created: an ordinary start does not pay for the image library.
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}
