import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  countryForm,
  dayIn,
  maskCardLast4,
  maskIbanLast4,
  toCents,
  type Language,
} from '@taxfree/domain';
import { translator } from '../../../lib/i18n.ts';
import type { TaxFormDetail } from '../tax-form-detail.repository.ts';

const require = createRequire(import.meta.url);
/** DejaVu Sans covers the Latin letters of every portal language (č ć đ š ž ß ø…) and Cyrillic. */
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT = path.join(fontDir, 'DejaVuSans.ttf');
const FONT_BOLD = path.join(fontDir, 'DejaVuSans-Bold.ttf');

export type PdfContext = {
  language: Language;
  company: {
    name: string;
    address: string | null;
    vatNumber: string | null;
    currency: string;
    /** ISO 3166-1 alpha-2: decides the form's name and the traveller's declaration. */
    country: string;
    /** IANA zone of the shop: the form is dated by its calendar. */
    timeZone: string;
  };
  branchName: string;
  countryName: (id: number | null) => string;
};

const SHIPMENT_KEYS: Record<string, string> = {
  'Carried by the traveller': 'carried',
  'Sent by post': 'post',
  'Sent by freight forwarding company': 'freight',
};

const formatDate = (iso: string | null) =>
  iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '';

function money(decimal: string, currency: string) {
  const cents = toCents(decimal);
  const text = (Math.abs(cents) / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${cents < 0 ? '-' : ''}${text} ${currency}`;
}

/**
 * The PDF and barcode libraries and the two fonts, loaded with the first print: a start-up (and
 * every server that never prints) does not pay for them. Each font is parsed once and shared by
 * every document (each embeds only the glyphs it uses): parsing two 700 KB fonts per print cost
 * more than the rest of the document.
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
const printLibraries = () => {
  if (!libraries) {
    libraries = loadPrintLibraries();
    // A failed load is tried again by the next print.
    libraries.catch(() => {
      libraries = undefined;
    });
  }
  return libraries;
};

async function barcodePng(text: string, kind: 'code128' | 'qrcode'): Promise<Buffer> {
  const { bwipjs } = await printLibraries();
  return bwipjs.toBuffer(
    kind === 'code128'
      ? { bcid: 'code128', text, scale: 2, height: 12, includetext: true, textxalign: 'center' }
      : { bcid: 'qrcode', text, scale: 3 },
  );
}

/**
 * The printable tax-free form: the country's form name, retailer, traveller, every invoice with
 * its per-rate lines and totals, the refund (card and IBAN masked), the barcode as Code 128 with
 * its digits and as a QR code, dates and signature lines. Text is drawn as text: nothing a user
 * typed is interpreted.
 */
export async function renderTaxFormPdf(detail: TaxFormDetail, ctx: PdfContext): Promise<Buffer> {
  const t = translator(ctx.language);
  const { form } = detail;
  const countryRules = countryForm(ctx.company.country);
  const formName = countryRules.formCode ?? t('pdf.formName');
  const declaration = {
    eu: t('pdf.declaration'),
    serbia: t('pdf.declarationSerbia'),
    bosnia: t('pdf.declarationBosnia'),
  }[countryRules.declaration];
  const [code128, qr] = await Promise.all([
    barcodePng(form.barcode, 'code128'),
    barcodePng(form.barcode, 'qrcode'),
  ]);

  const { PDFDocument, fonts } = await printLibraries();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `${formName} ${form.barcode}`, Author: ctx.company.name },
    lang: ctx.language,
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

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const heading = (text: string) => {
    doc
      .moveDown(0.6)
      .font('bold')
      .fontSize(11)
      .fillColor('#0b3d91')
      .text(text, left)
      .fillColor('black');
    doc
      .moveTo(left, doc.y + 1)
      .lineTo(left + width, doc.y + 1)
      .strokeColor('#c0c8d6')
      .stroke();
    doc.moveDown(0.3);
  };
  const field = (label: string, value: string | null | undefined) => {
    if (value === null || value === undefined || value === '') return;
    doc
      .font('bold')
      .fontSize(9)
      .text(`${label}: `, left, doc.y, { continued: true })
      .font('body')
      .text(value);
  };

  // Title and barcode block.
  doc.font('bold').fontSize(18).text(formName, left, 40);
  doc
    .font('body')
    .fontSize(9)
    .text(t('pdf.title'), { width: width - 190 });
  doc.text(t('pdf.issuedAt', { date: formatDate(dayIn(ctx.company.timeZone, form.createdAt)) }));
  doc.image(code128, left + width - 180, 36, { width: 180 });
  doc.image(qr, left + width - 64, 100, { width: 64 });
  doc
    .font('body')
    .fontSize(9)
    .text(`${t('pdf.barcode')}: ${form.barcode}`, left, 118);
  if (form.cancelled) {
    doc
      .font('bold')
      .fontSize(14)
      .fillColor('#c92a2a')
      .text(t('pdf.cancelled'), left, 134)
      .fillColor('black');
  }
  doc.y = 170;

  heading(t('pdf.retailer'));
  field(t('pdf.retailer'), ctx.company.name);
  field(t('pdf.branch'), ctx.branchName);
  field(t('pdf.address'), ctx.company.address);
  field(t('pdf.vatNumber'), ctx.company.vatNumber);

  heading(t('pdf.traveller'));
  field(t('pdf.name'), `${form.travelerName} ${form.travelerSurname}`);
  field(t('pdf.passport'), form.passport);
  field(t('pdf.issuingCountry'), ctx.countryName(form.issuedGovt));
  field(t('pdf.nationality'), ctx.countryName(form.nationality));
  field(t('pdf.dateOfBirth'), formatDate(form.travelerDob));
  field(t('pdf.address'), [form.travelerAddress, form.travelerPostcode].filter(Boolean).join(', '));
  field(t('pdf.email'), form.travelerEmail);
  field(t('pdf.mobile'), form.travelerMobile);

  heading(t('pdf.purchase'));
  field(t('pdf.items'), form.items);
  field(t('pdf.dateOfSales'), formatDate(form.dateOfSales));
  field(t('pdf.dateArrived'), formatDate(form.dateArrived));
  field(t('pdf.dateLeaving'), formatDate(form.dateLeaving));
  field(
    t('pdf.finalDestination'),
    form.countryFinal === null ? null : ctx.countryName(form.countryFinal),
  );
  const shipment = form.methodOfShipment ? SHIPMENT_KEYS[form.methodOfShipment] : undefined;
  field(t('pdf.shipment'), shipment ? t(`shipmentMethods.${shipment}`) : form.methodOfShipment);
  field(
    t('pdf.freightForwarder'),
    [form.freightForwardName, form.freightForwardAddress].filter(Boolean).join(', '),
  );

  heading(t('pdf.invoices'));
  const columns = [
    { label: t('pdf.invoiceDate'), x: 0, w: 70 },
    { label: t('pdf.invoiceNumber'), x: 70, w: 130 },
    { label: t('pdf.rate'), x: 200, w: 55, right: true },
    { label: t('pdf.net'), x: 255, w: 85, right: true },
    { label: t('pdf.vat'), x: 340, w: 85, right: true },
    { label: t('pdf.gross'), x: 425, w: width - 425, right: true },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'body').fontSize(8.5);
    cells.forEach((cell, i) => {
      const c = columns[i]!;
      doc.text(cell, left + c.x, y, {
        width: c.w,
        align: c.right ? 'right' : 'left',
        lineBreak: false,
      });
    });
    doc.y = y + 13;
  };
  row(
    columns.map((c) => c.label),
    true,
  );
  const currency = ctx.company.currency;
  for (const invoice of detail.invoices) {
    for (const line of invoice.lines) {
      row([
        formatDate(invoice.invoiceDate),
        invoice.invoiceReferenceNumber ?? '',
        `${Number(line.vatProductRate)} %`,
        money(line.netSalesAmount, currency),
        money(line.vatAmount, currency),
        money(line.grossSalesPrice, currency),
      ]);
    }
  }
  row(
    [
      '',
      t('pdf.total'),
      '',
      money(form.netAmount, currency),
      money(form.vatAmount, currency),
      money(form.grossAmount, currency),
    ],
    true,
  );

  if (detail.products.length > 0) {
    heading(t('pdf.products'));
    for (const product of detail.products) {
      doc
        .font('body')
        .fontSize(8.5)
        .text(
          `${product.classification} · ${product.description} · ${t('pdf.quantity')} ${product.quantity}` +
            `${product.serialNumber ? ` · ${t('pdf.serialNumber')} ${product.serialNumber}` : ''}` +
            ` · ${money(product.netAmount, currency)} (${Number(product.vatRate)} %)`,
          left,
        );
    }
  }

  heading(t('pdf.refund'));
  field(
    t('pdf.refundMethod'),
    t(`refundMethods.${form.methodOfRefund}`, { defaultValue: form.methodOfRefund }),
  );
  field(t('pdf.card'), form.accDetailsLast4 ? maskCardLast4(form.accDetailsLast4) : null);
  field(t('pdf.refundEmail'), form.methodOfRefund === 'option3' ? form.emailOrMobile : null);
  field(t('pdf.iban'), form.ibanLast4 ? maskIbanLast4(form.ibanLast4) : null);
  field(t('pdf.swift'), form.swift);
  field(t('pdf.bankName'), form.bankName);
  field(t('pdf.vat'), money(form.vatAmount, currency));
  const fee = toCents(form.vatAmount) - toCents(form.customerRefund);
  if (fee > 0) field(t('pdf.fee'), money((fee / 100).toFixed(2), currency));
  doc
    .font('bold')
    .fontSize(11)
    .text(`${t('pdf.refundToTraveller')}: ${money(form.customerRefund, currency)}`, left);

  doc.moveDown(1).font('body').fontSize(8).text(declaration, left, doc.y, { width });
  const signatureY = Math.max(doc.y + 40, doc.page.height - 120);
  if (signatureY > doc.page.height - 60) doc.addPage();
  const y = Math.min(signatureY, doc.page.height - 100);
  const third = width / 3;
  [t('pdf.signatureSeller'), t('pdf.signatureTraveller'), t('pdf.signatureCustoms')].forEach(
    (label, i) => {
      const x = left + i * third;
      doc
        .moveTo(x + 6, y)
        .lineTo(x + third - 6, y)
        .strokeColor('black')
        .stroke();
      doc
        .font('body')
        .fontSize(7.5)
        .text(label, x + 6, y + 4, { width: third - 12, align: 'center' });
    },
  );

  doc.end();
  return done;
}
