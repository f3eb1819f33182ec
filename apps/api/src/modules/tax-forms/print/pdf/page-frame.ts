import { drawBarcode, type VectorBarcode } from './barcodes.ts';
import { joined } from './form-text.ts';
import type { FormWriter } from './form-writer.ts';
import { COLORS, CONTENT_WIDTH, PAGE } from './pdf-page.ts';

/** What the header of every page shows. */
export type FormHeading = {
  formCode: string;
  barcode: string;
  verificationCode: string;
  cancelled: boolean;
  /** The issue date, as printed. */
  issuedOn: string;
  code128: VectorBarcode;
  qr: VectorBarcode;
};

const left = PAGE.margin;
const right = PAGE.width - PAGE.margin;

/** The top of a page: form code, title, number and issue date, the barcode and the QR code. */
export function drawPageHeader(w: FormWriter, heading: FormHeading) {
  const { both, local, english, language } = w.text;
  w.font('bold', 20).cell(heading.formCode, left, PAGE.margin, 150);
  // Above the header, at the left: a copy's mark is added at the centre of the same line.
  if (heading.cancelled) {
    w.font('bold', 10, COLORS.alert).cell(joined(both('cancelled')), left, 14, 190);
  }
  w.font('bold', 8.5).cell(local('pdf.title'), left, 62, 290);
  if (language !== 'en')
    w.font('body', 7.5, COLORS.muted).cell(english('pdf.title'), left, 73, 290);
  w.font('body', 6.8, COLORS.muted).cell(joined(both('barcode')), left, 88, 150);
  w.font('bold', 11).cell(heading.barcode, left, 97, 150);
  w.font('body', 6.8, COLORS.muted).cell(joined(both('issuedOn')), left + 160, 88, 140);
  w.font('bold', 11).cell(heading.issuedOn, left + 160, 97, 140);
  drawBarcodes(w, heading);
  w.rule(112, left, CONTENT_WIDTH, COLORS.ink);
  w.font('body', 9);
}

/**
 * The form number as a barcode and a QR code at the right, and under them the code that, with the
 * number, opens the public status page: whole (its label gives way to it when space runs short).
 */
function drawBarcodes(w: FormWriter, heading: FormHeading) {
  const barsX = right - 62 - 14 - 170;
  drawBarcode(w.doc, heading.code128, { x: barsX, y: PAGE.margin, width: 170, height: 44 });
  w.font('body', 9).cell(heading.barcode, barsX, PAGE.margin + 47, 170, 'center');
  drawBarcode(w.doc, heading.qr, { x: right - 62, y: PAGE.margin, width: 62 });
  w.font('bold', 9);
  const codeWidth = w.doc.widthOfString(heading.verificationCode) + 1;
  w.cell(heading.verificationCode, right - codeWidth, 101, codeWidth, 'right');
  const codeLabelX = left + 300;
  w.font('body', 6.8, COLORS.muted).cell(
    `${joined(w.text.both('verificationCode'))}:`,
    codeLabelX,
    102.5,
    right - codeWidth - 4 - codeLabelX,
    'right',
  );
}

/** The foot of every page, once all are drawn: the form code and number, and "page x of y". */
export function drawPageFooters(w: FormWriter, formCode: string, barcode: string) {
  const { both } = w.text;
  const { start, count } = w.doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    w.doc.switchToPage(i);
    const footerY = PAGE.height - PAGE.margin - 6;
    w.rule(footerY - 5, left, CONTENT_WIDTH);
    w.font('body', 7, COLORS.muted).cell(
      `${formCode} · ${joined(both('barcode'))}: ${barcode}`,
      left,
      footerY,
      CONTENT_WIDTH / 2,
    );
    w.cell(
      joined(both('page', { page: i - start + 1, pages: count })),
      left + CONTENT_WIDTH / 2,
      footerY,
      CONTENT_WIDTH / 2,
      'right',
    );
  }
}
