import { readFile } from 'node:fs/promises';
import type PDFKit from 'pdfkit';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  countryForm,
  dayIn,
  findCountryRules,
  maskCardLast4,
  maskIbanLast4,
  publicStatusLink,
  toCents,
  type Language,
} from '@taxfree/domain';
import { translator } from '../../../lib/i18n.ts';
import type { TaxFormDetail } from '../tax-form-detail.repository.ts';
import { COLORS, CONTENT_WIDTH, PAGE, PageWriter, type Align, type Bilingual } from './pdf-page.ts';

const require = createRequire(import.meta.url);
/** DejaVu Sans covers the Latin letters of every portal language (č ć đ š ž ß ø…) and Cyrillic. */
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT = path.join(fontDir, 'DejaVuSans.ttf');
export const FONT_BOLD = path.join(fontDir, 'DejaVuSans-Bold.ttf');

export type PrintContext = {
  company: {
    /** The seller as registered: printed as the form's seller. */
    legalName: string | null;
    name: string;
    address: string | null;
    vatNumber: string | null;
    currency: string;
    /** ISO 3166-1 alpha-2: decides the form, its language and the traveller's declaration. */
    country: string;
    /** IANA zone of the shop: the form is dated by its calendar. */
    timeZone: string;
  };
  branchName: string;
  /** A country's name in a language, by the countries table's id ('' for none). */
  countryName: (id: number | null, language: Language) => string;
  /**
   * The portal's public address: the form says where the traveller follows it (the status page).
   * Without it, the form carries the verification code alone.
   */
  publicUrl?: string;
};

const SHIPMENT_KEYS: Record<string, string> = {
  'Carried by the traveller': 'carried',
  'Sent by post': 'post',
  'Sent by freight forwarding company': 'freight',
};

/** Number formats of the forms' languages (grouping and decimal marks as each writes them). */
const NUMBER_LOCALES: Record<Language, string> = {
  en: 'en-GB',
  hr: 'hr-HR',
  fr: 'fr-FR',
  'sl-si': 'sl-SI',
  de: 'de-DE',
  sr: 'sr-Latn-RS',
  bs: 'bs-Latn-BA',
  es: 'es-ES',
};
const numberFormats = new Map<Language, Intl.NumberFormat>();
function amountFormat(language: Language) {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALES[language], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: true,
    });
    numberFormats.set(language, format);
  }
  return format;
}

const rateFormats = new Map<Language, Intl.NumberFormat>();
/** VAT rates as each language writes them: 25 %, 9,5 %. */
function rateFormat(language: Language) {
  let format = rateFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALES[language], { maximumFractionDigits: 2 });
    rateFormats.set(language, format);
  }
  return format;
}

const formatDate = (iso: string | null | undefined) =>
  iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '';

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

/** A barcode as vector paths (crisp at any zoom, and nothing to decode or compress). */
type VectorBarcode = {
  width: number;
  height: number;
  paths: { d: string; strokeWidth: number | null }[];
};

const SVG_VIEWBOX = /viewBox="0 0 ([\d.]+) ([\d.]+)"/;
const SVG_PATH = /<path(?: stroke="[^"]*")?(?: stroke-width="([\d.]+)")? d="([^"]+)"/g;

async function vectorBarcode(text: string, kind: 'code128' | 'qrcode'): Promise<VectorBarcode> {
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

function drawBarcode(
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

const labelCache = new Map<string, Bilingual>();

/** The language a country's forms are printed in (English beside it): customs read it. */
export function formLanguageOf(country: string): Language {
  return findCountryRules(country)?.formLanguage ?? 'en';
}

type Field = { label: Bilingual; value: string | null | undefined; span?: number };
type Column = {
  label: Bilingual;
  width: number;
  align?: Align;
  /** Text typed at the counter: wrapped over lines, never cut (a description is evidence). */
  wrap?: boolean;
};
type Row = {
  cells: string[];
  /** The cells shown instead when the row opens a page (an invoice's number on its later lines). */
  opening?: string[];
  bold?: boolean;
  /**
   * How many columns the first cell spans (an invoice's total, its label over the number, date
   * and rate), wrapped within them; the cells it covers are left out of `cells`.
   */
  span?: number;
};
type RateLine = { rate: number; net: number; vat: number; gross: number };

const ROW_HEIGHT = 12;
const HEADER_HEIGHT = 20;
const SECTION_HEIGHT = 16;

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
  const language = formLanguageOf(ctx.company.country);
  const local = translator(language);
  const english = translator('en');
  /** English beside the form's language, unless both write it alike (IBAN, PayPal). */
  const bilingual = (localText: string, englishText: string): Bilingual => ({
    local: localText,
    en: language === 'en' || localText === englishText ? null : englishText,
  });
  const both = (key: string, params?: Record<string, unknown>): Bilingual => {
    const make = () => bilingual(local(`pdf.${key}`, params), english(`pdf.${key}`, params));
    if (params) return make();
    // The labels are the same on every form of a language: translated once.
    const cacheKey = `${language}|${key}`;
    let label = labelCache.get(cacheKey);
    if (!label) {
      label = make();
      labelCache.set(cacheKey, label);
    }
    return label;
  };
  const plain = (key: string, defaultValue?: string): Bilingual =>
    bilingual(local(key, { defaultValue }), english(key, { defaultValue }));
  const joined = (text: Bilingual) =>
    text.en === null ? text.local : `${text.local} / ${text.en}`;
  /** A label on one line when it fits, else its two languages one under the other. */
  const labelLines = (label: Bilingual, width: number, size = 6.5) => {
    writer.font('body', size);
    return label.en === null || writer.doc.widthOfString(joined(label)) <= width
      ? [joined(label)]
      : [label.local, label.en];
  };
  const country = (id: number | null) => {
    if (id === null) return '';
    const name = ctx.countryName(id, language);
    const en = ctx.countryName(id, 'en');
    return language === 'en' || name === en ? name : `${name} / ${en}`;
  };
  const currency = ctx.company.currency;
  const numbers = amountFormat(language);
  const money = (cents: number) => `${numbers.format(cents / 100)} ${currency}`;
  const rateNumbers = rateFormat(language);
  const percent = (rate: number) => `${rateNumbers.format(rate)} %`;

  const rules = countryForm(ctx.company.country);
  const formCode = rules.formCode ?? local('pdf.formName');
  const declarationKey = {
    eu: 'declaration',
    serbia: 'declarationSerbia',
    bosnia: 'declarationBosnia',
  }[rules.declaration];

  const { PDFDocument, fonts } = await printLibraries();
  const [code128, qr] = await Promise.all([
    vectorBarcode(form.barcode, 'code128'),
    vectorBarcode(form.barcode, 'qrcode'),
  ]);
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    autoFirstPage: false,
    info: {
      Title: `${formCode} ${form.barcode}`,
      Author: ctx.company.legalName ?? ctx.company.name,
    },
    lang: language,
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
  const issuedOn = formatDate(dayIn(ctx.company.timeZone, form.createdAt));

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;

  const pageHeader = () => {
    const w = writer;
    w.font('bold', 20).cell(formCode, left, PAGE.margin, 150);
    // Above the header, at the left: a copy's mark is added at the centre of the same line.
    if (form.cancelled) {
      w.font('bold', 10, COLORS.alert).cell(joined(both('cancelled')), left, 14, 190);
    }
    w.font('bold', 8.5).cell(local('pdf.title'), left, 62, 290);
    if (language !== 'en')
      w.font('body', 7.5, COLORS.muted).cell(english('pdf.title'), left, 73, 290);
    w.font('body', 6.8, COLORS.muted).cell(joined(both('barcode')), left, 88, 150);
    w.font('bold', 11).cell(form.barcode, left, 97, 150);
    w.font('body', 6.8, COLORS.muted).cell(joined(both('issuedOn')), left + 160, 88, 140);
    w.font('bold', 11).cell(issuedOn, left + 160, 97, 140);
    const barsX = right - 62 - 14 - 170;
    drawBarcode(doc, code128, { x: barsX, y: PAGE.margin, width: 170, height: 44 });
    w.font('body', 9).cell(form.barcode, barsX, PAGE.margin + 47, 170, 'center');
    drawBarcode(doc, qr, { x: right - 62, y: PAGE.margin, width: 62 });
    // The code that, with the form number, opens the public status page: under the barcodes,
    // whole (the label gives way to it when space runs short).
    w.font('bold', 9);
    const codeWidth = doc.widthOfString(form.verificationCode) + 1;
    w.cell(form.verificationCode, right - codeWidth, 101, codeWidth, 'right');
    const codeLabelX = left + 300;
    w.font('body', 6.8, COLORS.muted).cell(
      `${joined(both('verificationCode'))}:`,
      codeLabelX,
      102.5,
      right - codeWidth - 4 - codeLabelX,
      'right',
    );
    w.rule(112, left, CONTENT_WIDTH, COLORS.ink);
    w.font('body', 9);
  };
  const writer: PageWriter = new PageWriter(doc, pageHeader);
  writer.newPage();

  const section = (title: Bilingual) => {
    writer.band(left, writer.y, CONTENT_WIDTH, 14);
    writer
      .font('bold', 8, COLORS.accent)
      .cell(joined(title).toUpperCase(), left + 4, writer.y + 3.5, CONTENT_WIDTH - 8);
    writer.y += SECTION_HEIGHT;
  };

  /** Fields in a grid of `columns`, each its label over its value; empty values are left out. */
  const fieldGrid = (fields: Field[], x: number, width: number, columns: number) => {
    const shown = fields.filter((f) => f.value !== null && f.value !== undefined && f.value !== '');
    const unit = width / columns;
    let y = writer.y;
    let row: Field[] = [];
    let used = 0;
    const flush = () => {
      if (row.length === 0) return;
      const widthOf = (f: Field) => unit * (f.span ?? 1) - 6;
      const labels = row.map((f) => labelLines(f.label, widthOf(f)));
      writer.font('body', 8.5);
      const heights = row.map(
        (f, i) => labels[i]!.length * 7.5 + writer.heightOf(f.value!, widthOf(f)),
      );
      const height = Math.max(...heights) + 2;
      if (y + height > PAGE.bottom) {
        writer.newPage();
        y = writer.y;
      }
      let cx = x;
      row.forEach((f, i) => {
        let ly = y;
        for (const line of labels[i]!) {
          writer.font('body', 6.5, COLORS.muted).cell(line, cx, ly, widthOf(f));
          ly += 7.5;
        }
        writer.font('body', 8.5).paragraph(f.value!, cx, ly, widthOf(f));
        cx += unit * (f.span ?? 1);
      });
      y += height;
      row = [];
      used = 0;
    };
    for (const f of shown) {
      const span = Math.min(f.span ?? 1, columns);
      if (used + span > columns) flush();
      row.push({ ...f, span });
      used += span;
    }
    flush();
    return y;
  };

  /**
   * A table that continues over pages: the section title and column headers open every page it
   * spans, a row is never split, and the table never starts with fewer than two rows on a page.
   */
  const table = (title: Bilingual, columns: Column[], rows: Row[]) => {
    const xs: number[] = [];
    let x = left;
    for (const c of columns) {
      xs.push(x);
      x += c.width;
    }
    const head = (continued: boolean) => {
      section(
        continued
          ? {
              local: `${title.local} (${local('pdf.continued')})`,
              en: title.en === null ? null : `${title.en} (${english('pdf.continued')})`,
            }
          : title,
      );
      writer.rule(writer.y - 2, left, CONTENT_WIDTH, COLORS.rule);
      columns.forEach((c, i) => {
        writer.font('bold', 6.8).cell(c.label.local, xs[i]! + 2, writer.y, c.width - 4, c.align);
        if (c.label.en !== null)
          writer
            .font('body', 6.3, COLORS.muted)
            .cell(c.label.en, xs[i]! + 2, writer.y + 8, c.width - 4, c.align);
      });
      writer.y += HEADER_HEIGHT;
      writer.rule(writer.y - 4, left, CONTENT_WIDTH, COLORS.rule);
    };
    writer.ensure(SECTION_HEIGHT + HEADER_HEIGHT + ROW_HEIGHT * Math.min(rows.length, 2));
    head(false);
    /** Where a row's cells go: the first one over `span` columns, the others one each. */
    const slotsOf = (cells: string[], span = 1) =>
      [
        {
          ...columns[0]!,
          width: sumWidths(columns.slice(0, span)),
          wrap: columns[0]!.wrap || span > 1,
        },
        ...columns.slice(span),
      ].map((c, k) => ({ ...c, text: cells[k] ?? '', x: xs[k === 0 ? 0 : k + span - 1]! }));
    // A row as tall as its longest wrapped cell; no taller than a page can hold.
    const tallest = PAGE.bottom - PAGE.top - SECTION_HEIGHT - HEADER_HEIGHT;
    const heightOf = (slots: ReturnType<typeof slotsOf>, bold = false) => {
      let height = ROW_HEIGHT;
      for (const slot of slots) {
        if (!slot.wrap || slot.text === '') continue;
        writer.font(bold ? 'bold' : 'body', 8);
        if (writer.doc.widthOfString(slot.text) <= slot.width - 4) continue;
        height = Math.max(height, writer.heightOf(slot.text, slot.width - 4) + 3);
      }
      return Math.min(height, tallest);
    };
    rows.forEach((row, index) => {
      let slots = slotsOf(row.cells, row.span);
      let height = heightOf(slots, row.bold);
      if (writer.room < height) {
        writer.newPage();
        head(true);
        slots = slotsOf(row.opening ?? row.cells, row.span);
        height = heightOf(slots, row.bold);
      }
      if (row.bold) writer.rule(writer.y - 2.5, left, CONTENT_WIDTH, COLORS.rule);
      for (const slot of slots) {
        writer.font(row.bold ? 'bold' : 'body', 8);
        if (
          slot.wrap &&
          height > ROW_HEIGHT &&
          writer.doc.widthOfString(slot.text) > slot.width - 4
        ) {
          writer.doc.text(slot.text, slot.x + 2, writer.y, {
            width: slot.width - 4,
            height: height - 3,
            ellipsis: true,
          });
        } else {
          writer.cell(slot.text, slot.x + 2, writer.y, slot.width - 4, slot.align);
        }
      }
      writer.y += height;
      if (index === rows.length - 1) writer.y += 4;
    });
  };

  // Seller, traveller and purchase, each a grid of labelled fields.
  const half = (CONTENT_WIDTH - 14) / 2;
  section(both('seller'));
  writer.y = fieldGrid(
    [
      { label: both('legalName'), value: ctx.company.legalName ?? ctx.company.name },
      { label: both('branch'), value: ctx.branchName },
      { label: both('address'), value: ctx.company.address },
      { label: both('vatNumber'), value: ctx.company.vatNumber },
    ],
    left,
    CONTENT_WIDTH,
    4,
  );
  writer.ensure(SECTION_HEIGHT + 40);
  section(both('traveller'));
  writer.y = fieldGrid(
    [
      { label: both('name'), value: `${form.travelerName} ${form.travelerSurname}`, span: 2 },
      { label: both('passport'), value: form.passport },
      { label: both('documentExpiry'), value: formatDate(form.passportExpiry) },
      { label: both('issuingCountry'), value: country(form.issuedGovt) },
      { label: both('nationality'), value: country(form.nationality) },
      { label: both('residenceCountry'), value: country(form.residenceCountry ?? form.issuedGovt) },
      { label: both('residenceProof'), value: form.residenceProof },
      { label: both('dateOfBirth'), value: formatDate(form.travelerDob) },
      {
        label: both('address'),
        value: [form.travelerAddress, form.travelerPostcode].filter(Boolean).join(', '),
        span: 2,
      },
      { label: both('mobile'), value: form.travelerMobile },
      { label: both('email'), value: form.travelerEmail, span: 2 },
    ],
    left,
    CONTENT_WIDTH,
    4,
  );

  const shipment = form.methodOfShipment ? SHIPMENT_KEYS[form.methodOfShipment] : undefined;
  writer.ensure(SECTION_HEIGHT + 40);
  section(both('purchase'));
  writer.y = fieldGrid(
    [
      { label: both('dateOfSales'), value: formatDate(form.dateOfSales) },
      { label: both('dateArrived'), value: formatDate(form.dateArrived) },
      { label: both('dateLeaving'), value: formatDate(form.dateLeaving) },
      { label: both('finalDestination'), value: country(form.countryFinal) },
      {
        label: both('shipment'),
        value: shipment ? joined(plain(`shipmentMethods.${shipment}`)) : form.methodOfShipment,
        span: 2,
      },
      {
        label: both('freightForwarder'),
        value: [form.freightForwardName, form.freightForwardAddress].filter(Boolean).join(', '),
        span: 2,
      },
      { label: both('items'), value: form.items, span: 2 },
    ],
    left,
    CONTENT_WIDTH,
    4,
  );

  // Goods, in products mode: one row per product.
  if (detail.products.length > 0) {
    table(
      both('products'),
      [
        { label: { local: '#', en: null }, width: 20, align: 'right' },
        { label: both('classification'), width: 52, wrap: true },
        { label: both('description'), width: 128, wrap: true },
        { label: both('quantity'), width: 34, align: 'right' },
        { label: both('serialNumber'), width: 72, wrap: true },
        { label: both('simplifiedInvoice'), width: 95, wrap: true },
        { label: both('rate'), width: 46, align: 'right' },
        { label: both('net'), width: 76, align: 'right' },
      ],
      detail.products.map((product, i) => ({
        cells: [
          String(i + 1),
          product.classification,
          product.description,
          String(product.quantity),
          product.serialNumber ?? '',
          [product.simplifiedInvoiceNumber, formatDate(product.simplifiedInvoiceDate)]
            .filter(Boolean)
            .join(' · '),
          percent(Number(product.vatRate)),
          money(toCents(product.netAmount)),
        ],
      })),
    );
  }

  // Invoices, each with its per-rate lines. In products mode the form's own invoice number and
  // date stand for its one invoice.
  const byRate = new Map<number, RateLine>();
  const invoiceRows: Row[] = [];
  for (const invoice of detail.invoices) {
    const number = invoice.invoiceReferenceNumber ?? form.invoiceReferenceNumber ?? '';
    const date = formatDate(invoice.invoiceDate ?? form.invoiceDate ?? form.dateOfSales);
    const lines: RateLine[] =
      invoice.lines.length > 0
        ? invoice.lines.map((line) => ({
            rate: Number(line.vatProductRate),
            net: toCents(line.netSalesAmount),
            vat: toCents(line.vatAmount),
            gross: toCents(line.grossSalesPrice),
          }))
        : [
            {
              rate: Number(invoice.vatProductRate ?? 0),
              net: toCents(invoice.netAmount),
              vat: toCents(invoice.vatAmount),
              gross: toCents(invoice.grossSalesPrice),
            },
          ];
    lines.forEach((line, k) => {
      const cells = [
        number,
        date,
        percent(line.rate),
        money(line.net),
        money(line.vat),
        money(line.gross),
      ];
      invoiceRows.push(
        k === 0 ? { cells } : { cells: ['', '', ...cells.slice(2)], opening: cells },
      );
      const sum = byRate.get(line.rate) ?? { rate: line.rate, net: 0, vat: 0, gross: 0 };
      byRate.set(line.rate, {
        rate: line.rate,
        net: sum.net + line.net,
        vat: sum.vat + line.vat,
        gross: sum.gross + line.gross,
      });
    });
    if (lines.length > 1) {
      const total = (key: 'net' | 'vat' | 'gross') => money(lines.reduce((s, l) => s + l[key], 0));
      const amounts = [total('net'), total('vat'), total('gross')];
      // Its label in both languages over the number, date and rate columns; the invoice's number
      // and date before it when the total opens a page.
      const label = joined(both('invoiceTotal'));
      invoiceRows.push({
        cells: [label, ...amounts],
        opening: [[number, date, label].filter(Boolean).join(' · '), ...amounts],
        span: 3,
      });
    }
  }
  const amountColumns = (first: Column[]): Column[] => [
    ...first,
    { label: both('net'), width: 96, align: 'right' },
    { label: both('vat'), width: 90, align: 'right' },
    { label: both('gross'), width: CONTENT_WIDTH - sumWidths(first) - 186, align: 'right' },
  ];
  if (invoiceRows.length > 0) {
    table(
      both('invoices'),
      amountColumns([
        { label: both('invoiceNumber'), width: 134, wrap: true },
        { label: both('invoiceDate'), width: 66 },
        { label: both('rate'), width: 60, align: 'right' },
      ]),
      invoiceRows,
    );
  }

  // Totals per rate and overall.
  const rates = [...byRate.values()].sort((a, b) => b.rate - a.rate);
  table(
    both('totalsPerRate'),
    amountColumns([{ label: both('rate'), width: 260, align: 'right' }]),
    [
      ...rates.map((r) => ({
        cells: [percent(r.rate), money(r.net), money(r.vat), money(r.gross)],
      })),
      {
        cells: [
          joined(both('total')),
          money(toCents(form.netAmount)),
          money(toCents(form.vatAmount)),
          money(toCents(form.grossAmount)),
        ],
        bold: true,
      },
    ],
  );

  // The refund: how it is paid, and the VAT, fee and refund.
  const vat = toCents(form.vatAmount);
  const refund = toCents(form.customerRefund);
  const fee = Math.max(0, vat - refund);
  writer.ensure(SECTION_HEIGHT + 70);
  section(both('refund'));
  const refundTop = writer.y;
  const methodEnd = fieldGrid(
    [
      {
        label: both('refundMethod'),
        value: joined(plain(`refundMethods.${form.methodOfRefund}`, form.methodOfRefund)),
        span: 2,
      },
      {
        label: both('card'),
        value: form.accDetailsLast4 ? maskCardLast4(form.accDetailsLast4) : null,
        span: 2,
      },
      {
        label: both('refundEmail'),
        value: form.methodOfRefund === 'option3' ? form.emailOrMobile : null,
        span: 2,
      },
      { label: both('iban'), value: form.ibanLast4 ? maskIbanLast4(form.ibanLast4) : null },
      { label: both('swift'), value: form.swift },
      { label: both('bankName'), value: form.bankName, span: 2 },
    ],
    left,
    half,
    2,
  );
  const amountsX = left + half + 14;
  let ay = refundTop;
  const amountLine = (label: Bilingual, value: string, bold = false) => {
    // The amount whole, however many digits it has (142.000,00 RSD); the label has the rest.
    const valueFont = () => writer.font(bold ? 'bold' : 'body', bold ? 11 : 9);
    valueFont();
    const valueWidth = Math.max(90, writer.doc.widthOfString(value) + 1);
    writer
      .font('body', 7, COLORS.muted)
      .cell(joined(label), amountsX, ay + 2, half - valueWidth - 4);
    valueFont().cell(value, amountsX + half - valueWidth, ay, valueWidth, 'right');
    ay += bold ? 16 : 13;
  };
  amountLine(both('vat'), money(vat));
  amountLine(both('fee'), money(fee));
  writer.rule(ay - 1, amountsX, half);
  ay += 2;
  amountLine(both('refundToTraveller'), money(refund), true);
  writer.y = Math.max(methodEnd, ay) + 6;

  // The export deadline, where the traveller cannot miss it.
  if (form.exportDeadline) {
    writer.ensure(24);
    writer.band(left, writer.y, CONTENT_WIDTH, 18);
    writer.doc.rect(left, writer.y, 3, 18).fillColor(COLORS.accent).fill();
    writer
      .font('bold', 8.5)
      .cell(
        `${joined(both('exportDeadline'))}: ${formatDate(form.exportDeadline)}`,
        left + 10,
        writer.y + 5,
        CONTENT_WIDTH - 20,
      );
    writer.y += 26;
  }
  // Where the traveller follows the form, with its number and the code printed in the header.
  if (ctx.publicUrl) {
    writer.ensure(16);
    writer
      .font('body', 7.5, COLORS.muted)
      .cell(
        `${joined(both('followForm'))}: ${publicStatusLink(ctx.publicUrl)}`,
        left,
        writer.y - 4,
        CONTENT_WIDTH,
      );
    writer.y += 10;
  }

  // The declaration, the signatures and the customs box stay together on one page.
  const declarationLocal = local(`pdf.${declarationKey}`);
  const declarationEnglish = language === 'en' ? null : english(`pdf.${declarationKey}`);
  writer.font('body', 7);
  const declarationHeight =
    writer.heightOf(declarationLocal, CONTENT_WIDTH) +
    (declarationEnglish ? writer.heightOf(declarationEnglish, CONTENT_WIDTH) + 4 : 0);
  const customsHeight = 88;
  writer.ensure(SECTION_HEIGHT + declarationHeight + 48 + customsHeight + 4);
  section(both('declarationTitle'));
  writer.font('body', 7);
  writer.y += writer.paragraph(declarationLocal, left, writer.y, CONTENT_WIDTH) + 4;
  if (declarationEnglish) {
    writer.font('body', 7, COLORS.muted);
    writer.y += writer.paragraph(declarationEnglish, left, writer.y, CONTENT_WIDTH) + 4;
  }
  const third = CONTENT_WIDTH / 3;
  const signY = writer.y + 22;
  [both('placeAndDate'), both('signatureTraveller'), both('signatureSeller')].forEach(
    (label, i) => {
      const x = left + i * third;
      writer.rule(signY, x + 6, third - 12, COLORS.ink);
      labelLines(label, third - 12).forEach((line, k) => {
        writer
          .font('body', 6.5, COLORS.muted)
          .cell(line, x + 6, signY + 3 + k * 7.5, third - 12, 'center');
      });
    },
  );
  writer.y = signY + 20;

  // Customs: the stamp, the export date, the office, the record number and a signature.
  const boxY = writer.y;
  writer.box(left, boxY, CONTENT_WIDTH, customsHeight);
  writer.band(left + 0.4, boxY + 0.4, CONTENT_WIDTH - 0.8, 14);
  writer
    .font('bold', 8, COLORS.accent)
    .cell(joined(both('customsBox')).toUpperCase(), left + 6, boxY + 3.5, CONTENT_WIDTH - 12);
  const stampSize = 70;
  const fieldsWidth = CONTENT_WIDTH - stampSize - 24;
  const customsFields = [
    both('exportDate'),
    both('customsOffice'),
    both('recordNumber'),
    both('customsSignature'),
  ];
  customsFields.forEach((label, i) => {
    const col = i % 2;
    const rowY = boxY + 19 + Math.floor(i / 2) * 34;
    const x = left + 8 + col * (fieldsWidth / 2);
    const width = fieldsWidth / 2 - 14;
    labelLines(label, width, 6.8).forEach((line, k) => {
      writer.font('body', 6.8, COLORS.muted).cell(line, x, rowY + k * 7.8, width);
    });
    writer.rule(rowY + 25, x, width, COLORS.ink);
  });
  const stampX = right - stampSize - 8;
  writer.doc
    .roundedRect(stampX, boxY + 18, stampSize, stampSize - 4, 4)
    .dash(2, { space: 2 })
    .lineWidth(0.6)
    .strokeColor(COLORS.muted)
    .stroke()
    .undash();
  const stamp = both('customsStamp');
  writer
    .font('body', 6.5, COLORS.muted)
    .paragraph(
      [stamp.local, stamp.en].filter(Boolean).join('\n'),
      stampX + 4,
      boxY + 38,
      stampSize - 8,
      'center',
    );
  writer.y = boxY + customsHeight + 6;

  // Every page: the form number and "page x of y".
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    const footerY = PAGE.height - PAGE.margin - 6;
    writer.rule(footerY - 5, left, CONTENT_WIDTH);
    writer
      .font('body', 7, COLORS.muted)
      .cell(
        `${formCode} · ${joined(both('barcode'))}: ${form.barcode}`,
        left,
        footerY,
        CONTENT_WIDTH / 2,
      );
    writer.cell(
      joined(both('page', { page: i - start + 1, pages: count })),
      left + CONTENT_WIDTH / 2,
      footerY,
      CONTENT_WIDTH / 2,
      'right',
    );
  }
  doc.flushPages();
  doc.end();
  return done;
}

function sumWidths(columns: Column[]) {
  return columns.reduce((sum, c) => sum + c.width, 0);
}
