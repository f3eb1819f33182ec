// fontkit ships no types; the PDF renderer only parses a font once and hands it to pdfkit.
declare module 'fontkit' {
  /** A parsed font: pdfkit's registerFont accepts it in place of the font file's bytes. */
  export type Font = { readonly postscriptName: string; layout: (text: string) => unknown };
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
