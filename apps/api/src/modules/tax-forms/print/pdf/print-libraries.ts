import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
/** DejaVu Sans covers the Latin letters of every portal language (č ć đ š ž ß ø…) and Cyrillic. */
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT = path.join(fontDir, 'DejaVuSans.ttf');
export const FONT_BOLD = path.join(fontDir, 'DejaVuSans-Bold.ttf');

/**
 * The PDF and barcode libraries and the two fonts, loaded with the first print: a start-up (and
 * every server that never prints) does not pay for them. Each font is parsed once and shared by
 * every document (each embeds only the glyphs it uses).
 */
const loadPrintLibraries = () =>
  Promise.all([
    import('pdfkit'),
    import('bwip-js'),
    import('fontkit'),
    readFile(FONT),
    readFile(FONT_BOLD),
  ]).then(([pdfkit, bwip, fontkit, body, bold]) => ({
    PDFDocument: pdfkit.default,
    bwipjs: bwip.default,
    fonts: { body: fontkit.create(body), bold: fontkit.create(bold) },
  }));

let libraries: ReturnType<typeof loadPrintLibraries> | undefined;

export const printLibraries = () => {
  if (!libraries) {
    libraries = loadPrintLibraries();
    // A failed load is tried again by the next print.
    libraries.catch(() => {
      libraries = undefined;
    });
  }
  return libraries;
};
