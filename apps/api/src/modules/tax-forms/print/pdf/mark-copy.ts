import fs from 'node:fs/promises';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { translator } from '../../../../lib/i18n.ts';
import { formLanguageOf } from './form-text.ts';
import { FONT_BOLD } from './print-libraries.ts';

const RED = { r: 0.79, g: 0.16, b: 0.16 };

/** The stamp of a copy, in the form's language and English ("KOPIJA 2 / COPY 2"). */
export function copyLabel(country: string, copy: number): string {
  return bilingualLabel(country, 'pdf.copy', { number: copy });
}

function bilingualLabel(country: string, key: string, params: Record<string, number> = {}) {
  const language = formLanguageOf(country);
  const english = translator('en')(key, params);
  const local = translator(language)(key, params);
  return language === 'en' || local === english ? english : `${local} / ${english}`;
}

/**
 * The stamp of the PDF e-mailed to the traveller, in the form's language and English
 * ("ELEKTRONIČKA KOPIJA / ELECTRONIC COPY"): it is not the original the clerk prints and the
 * traveller takes to customs.
 */
export function electronicCopyLabel(country: string): string {
  return bilingualLabel(country, 'pdf.electronicCopy');
}

let boldFontBytes: Promise<Buffer> | undefined;

/**
 * The stamp's font: a standard PDF font (every viewer has it; nothing embedded, so a reprint
 * stays a few milliseconds) when it has every letter of the label, else the form's own DejaVu
 * Sans Bold, embedded as the subset the label uses (Č, Ć, Đ are not in the standard fonts' set).
 */
async function stampFont(pdf: PDFDocument, label: string): Promise<PDFFont> {
  const { StandardFonts } = await import('pdf-lib');
  const standard = await pdf.embedFont(StandardFonts.HelveticaBold);
  try {
    standard.encodeText(label);
    return standard;
  } catch {
    const { default: fontkit } = await import('@pdf-lib/fontkit');
    pdf.registerFontkit(fontkit);
    boldFontBytes ??= fs.readFile(FONT_BOLD);
    return pdf.embedFont(await boldFontBytes, { subset: true });
  }
}

/**
 * A stored form marked as a copy on every page: a line above the header and a faint diagonal
 * stamp across the page. The document itself is unchanged: its text, barcodes and signature
 * fields are the original's.
 */
export async function markCopy(original: Uint8Array, label: string): Promise<Buffer> {
  const { PDFDocument, degrees, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.load(original, { updateMetadata: false });
  const font = await stampFont(pdf, label);
  const red = rgb(RED.r, RED.g, RED.b);
  for (const page of pdf.getPages()) {
    const { width, height } = page.getSize();
    const lineWidth = font.widthOfTextAtSize(label, 11);
    page.drawText(label, {
      x: (width - lineWidth) / 2,
      y: height - 24,
      size: 11,
      font,
      color: red,
    });
    // Across the page, centred: the text's own half width and half height turned by 45°.
    const size = Math.min(72, (width * 1.1) / Math.max(1, font.widthOfTextAtSize(label, 1)));
    const half = font.widthOfTextAtSize(label, size) / 2;
    const rise = (size * 0.7) / 2;
    page.drawText(label, {
      x: width / 2 - (half - rise) * Math.SQRT1_2,
      y: height / 2 - (half + rise) * Math.SQRT1_2,
      size,
      font,
      color: red,
      opacity: 0.12,
      rotate: degrees(45),
    });
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
