import { countryForm, dayIn } from '@taxfree/domain';
import type { TaxFormDetail } from '../../read/tax-form-detail.repository.ts';
import { vectorBarcode } from './barcodes.ts';
import { drawDeclarationAndCustoms } from './declaration-section.ts';
import { formatDate, formText } from './form-text.ts';
import { FormWriter } from './form-writer.ts';
import { drawInvoices, drawTotalsPerRate, printedInvoices } from './invoices-section.ts';
import { drawPageFooters, drawPageHeader, type FormHeading } from './page-frame.ts';
import { drawSeller, drawTraveller } from './parties-section.ts';
import { PAGE } from './pdf-page.ts';
import type { PrintContext } from './print-context.ts';
import { printLibraries } from './print-libraries.ts';
import { drawProducts } from './products-section.ts';
import { drawPurchase } from './purchase-section.ts';
import { drawExportDeadline, drawFollowLink, drawRefund } from './refund-section.ts';

export type { PrintContext } from './print-context.ts';

/**
 * The printable tax-free form of the shop's country, in the country's language with English
 * beside it: form code and number, barcode and QR on every page, seller, traveller, purchase,
 * every invoice with its per-rate lines (or the goods, in products mode), totals per rate, VAT, fee
 * and refund, the refund method (card and IBAN masked), the export deadline, the declaration, the
 * signatures and the customs box. Tables continue over pages with their headers repeated; every
 * page carries the form number and "page x of y". Text is drawn as text: nothing a user typed is
 * interpreted.
 */
export async function renderTaxFormPdf(detail: TaxFormDetail, ctx: PrintContext): Promise<Buffer> {
  const { form } = detail;
  const text = formText(ctx);
  const formCode = countryForm(ctx.company.country).formCode ?? text.local('pdf.formName');
  const [code128, qr] = await Promise.all([
    vectorBarcode(form.barcode, 'code128'),
    vectorBarcode(form.barcode, 'qrcode'),
  ]);
  const heading: FormHeading = {
    formCode,
    barcode: form.barcode,
    verificationCode: form.verificationCode,
    cancelled: form.cancelled,
    issuedOn: formatDate(dayIn(ctx.company.timeZone, form.createdAt)),
    code128,
    qr,
  };
  const { doc, done } = await openDocument({
    title: `${formCode} ${form.barcode}`,
    author: ctx.company.legalName ?? ctx.company.name,
    language: text.language,
  });
  const writer: FormWriter = new FormWriter(doc, text, () => drawPageHeader(writer, heading));
  writer.newPage();

  drawSeller(writer, ctx);
  drawTraveller(writer, form);
  drawPurchase(writer, form);
  drawProducts(writer, detail.products);
  const invoices = printedInvoices(detail);
  drawInvoices(writer, invoices);
  drawTotalsPerRate(writer, form, invoices);
  drawRefund(writer, form);
  drawExportDeadline(writer, form);
  drawFollowLink(writer, ctx.publicUrl);
  drawDeclarationAndCustoms(writer, ctx.company.country);
  drawPageFooters(writer, formCode, form.barcode);

  doc.flushPages();
  doc.end();
  return done;
}

/** An A4 document with the form's fonts, its pages kept until the footers are drawn. */
async function openDocument(info: { title: string; author: string; language: string }) {
  const { PDFDocument, fonts } = await printLibraries();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    autoFirstPage: false,
    info: { Title: info.title, Author: info.author },
    lang: info.language,
  });
  // pdfkit takes a parsed font in place of its file's bytes (its types only name the bytes).
  doc.registerFont('body', fonts.body as unknown as Buffer);
  doc.registerFont('bold', fonts.bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
