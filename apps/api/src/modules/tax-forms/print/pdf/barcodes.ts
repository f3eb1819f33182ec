import type PDFKit from 'pdfkit';
import { printLibraries } from './print-libraries.ts';

/** A barcode as vector paths (crisp at any zoom, and nothing to decode or compress). */
export type VectorBarcode = {
  width: number;
  height: number;
  paths: { d: string; strokeWidth: number | null }[];
};

const SVG_VIEWBOX = /viewBox="0 0 ([\d.]+) ([\d.]+)"/;
const SVG_PATH = /<path(?: stroke="[^"]*")?(?: stroke-width="([\d.]+)")? d="([^"]+)"/g;

export async function vectorBarcode(
  text: string,
  kind: 'code128' | 'qrcode',
): Promise<VectorBarcode> {
  const { bwipjs } = await printLibraries();
  const svg = bwipjs.toSVG(
    kind === 'code128'
      ? { bcid: 'code128', text, scale: 1, height: 12 }
      : { bcid: 'qrcode', text, scale: 1 },
  );
  const box = SVG_VIEWBOX.exec(svg);
  return {
    width: Number(box?.[1] ?? 1),
    height: Number(box?.[2] ?? 1),
    paths: [...svg.matchAll(SVG_PATH)].map((m) => ({
      d: m[2]!,
      strokeWidth: m[1] === undefined ? null : Number(m[1]),
    })),
  };
}

export function drawBarcode(
  doc: PDFKit.PDFDocument,
  barcode: VectorBarcode,
  at: { x: number; y: number; width: number; height?: number },
) {
  const sx = at.width / barcode.width;
  const sy = (at.height ?? at.width * (barcode.height / barcode.width)) / barcode.height;
  doc.save().translate(at.x, at.y).scale(sx, sy);
  for (const path of barcode.paths) {
    if (path.strokeWidth === null) doc.path(path.d).fillColor('#000000').fill();
    else doc.path(path.d).lineWidth(path.strokeWidth).strokeColor('#000000').stroke();
  }
  doc.restore();
}
