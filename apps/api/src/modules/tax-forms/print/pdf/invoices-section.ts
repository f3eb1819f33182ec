import { toCents } from '@taxfree/domain';
import type { TaxFormDetail } from '../../read/tax-form-detail.repository.ts';
import { formatDate, joined } from './form-text.ts';
import type { FormWriter } from './form-writer.ts';
import { drawTable, sumWidths, type Column, type Row } from './form-table.ts';
import { CONTENT_WIDTH } from './pdf-page.ts';

type RateLine = { rate: number; net: number; vat: number; gross: number };
/** An invoice as the form prints it: its number and date, and its amounts one line per rate. */
export type PrintedInvoice = { number: string; date: string; lines: RateLine[] };

/**
 * The form's invoices. In products mode the form's own invoice number and date stand for its one
 * invoice; an invoice without per-rate lines is one line of its own amounts.
 */
export function printedInvoices({ form, invoices }: TaxFormDetail): PrintedInvoice[] {
  return invoices.map((invoice) => ({
    number: invoice.invoiceReferenceNumber ?? form.invoiceReferenceNumber ?? '',
    date: formatDate(invoice.invoiceDate ?? form.invoiceDate ?? form.dateOfSales),
    lines:
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
          ],
  }));
}

/** Columns given, then the net, VAT and gross amounts, the gross taking the rest of the width. */
function amountColumns(w: FormWriter, first: Column[]): Column[] {
  const { both } = w.text;
  return [
    ...first,
    { label: both('net'), width: 96, align: 'right' },
    { label: both('vat'), width: 90, align: 'right' },
    { label: both('gross'), width: CONTENT_WIDTH - sumWidths(first) - 186, align: 'right' },
  ];
}

/** Every invoice with its number, date and per-rate lines, and a total when it has several. */
export function drawInvoices(w: FormWriter, invoices: PrintedInvoice[]) {
  const rows = invoices.flatMap((invoice) => invoiceRows(w, invoice));
  if (rows.length === 0) return;
  const { both } = w.text;
  drawTable(
    w,
    both('invoices'),
    amountColumns(w, [
      { label: both('invoiceNumber'), width: 134, wrap: true },
      { label: both('invoiceDate'), width: 66 },
      { label: both('rate'), width: 60, align: 'right' },
    ]),
    rows,
  );
}

function invoiceRows(w: FormWriter, { number, date, lines }: PrintedInvoice): Row[] {
  const { both, money, percent } = w.text;
  const rows: Row[] = lines.map((line, k) => {
    const cells = [
      number,
      date,
      percent(line.rate),
      money(line.net),
      money(line.vat),
      money(line.gross),
    ];
    return k === 0 ? { cells } : { cells: ['', '', ...cells.slice(2)], opening: cells };
  });
  if (lines.length > 1) {
    const total = (key: 'net' | 'vat' | 'gross') => money(lines.reduce((s, l) => s + l[key], 0));
    const amounts = [total('net'), total('vat'), total('gross')];
    // Its label in both languages over the number, date and rate columns; the invoice's number
    // and date before it when the total opens a page.
    const label = joined(both('invoiceTotal'));
    rows.push({
      cells: [label, ...amounts],
      opening: [[number, date, label].filter(Boolean).join(' · '), ...amounts],
      span: 3,
    });
  }
  return rows;
}

/** The VAT by rate, highest rate first, and the form's overall total. */
export function drawTotalsPerRate(
  w: FormWriter,
  form: TaxFormDetail['form'],
  invoices: PrintedInvoice[],
) {
  const { both, money, percent } = w.text;
  drawTable(
    w,
    both('totalsPerRate'),
    amountColumns(w, [{ label: both('rate'), width: 260, align: 'right' }]),
    [
      ...totalsByRate(invoices).map((r) => ({
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
}

function totalsByRate(invoices: PrintedInvoice[]): RateLine[] {
  const byRate = new Map<number, RateLine>();
  for (const line of invoices.flatMap((invoice) => invoice.lines)) {
    const sum = byRate.get(line.rate) ?? { rate: line.rate, net: 0, vat: 0, gross: 0 };
    byRate.set(line.rate, {
      rate: line.rate,
      net: sum.net + line.net,
      vat: sum.vat + line.vat,
      gross: sum.gross + line.gross,
    });
  }
  return [...byRate.values()].sort((a, b) => b.rate - a.rate);
}
