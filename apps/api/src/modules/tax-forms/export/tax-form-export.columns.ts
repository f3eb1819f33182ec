import type { TFunction } from 'i18next';
import type { VatBreakdown } from '@taxfree/domain';
import type { ExportCell, ExportColumn } from '../../../lib/table-export.ts';
import type { FormExportRow } from './tax-form-export.repository.ts';
import { toListItem } from '../read/tax-forms.mappers.ts';

/**
 * The refund form list's columns an accountant reads, in the user's language; an export of every
 * branch ends with the branch of each form.
 */
export function formColumns(t: TFunction, options: { withBranch?: boolean } = {}): ExportColumn[] {
  const c = (key: string) => t(`export.columns.${key}`);
  const columns: ExportColumn[] = [
    { header: c('barcode'), kind: 'text', width: 18 },
    { header: c('dateOfSales'), kind: 'date', width: 12 },
    { header: c('issuedOn'), kind: 'date', width: 12 },
    { header: c('stage'), kind: 'text', width: 22 },
    { header: c('cancelled'), kind: 'text', width: 10 },
    { header: c('expired'), kind: 'text', width: 10 },
    { header: c('travellerName'), kind: 'text', width: 16 },
    { header: c('travellerSurname'), kind: 'text', width: 18 },
    { header: c('issuingCountry'), kind: 'text', width: 18 },
    { header: c('invoiceNumbers'), kind: 'text', width: 18 },
    { header: c('exportDeadline'), kind: 'date', width: 12 },
    { header: c('gross'), kind: 'amount', width: 12 },
    { header: c('net'), kind: 'amount', width: 12 },
    { header: c('vat'), kind: 'amount', width: 12 },
    { header: c('refund'), kind: 'amount', width: 12 },
    { header: c('customerRefund'), kind: 'amount', width: 14 },
    { header: c('currency'), kind: 'text', width: 9 },
    { header: c('issuedBy'), kind: 'text', width: 18 },
  ];
  return options.withBranch
    ? [...columns, { header: c('branch'), kind: 'text', width: 18 }]
    : columns;
}

/**
 * A form's cells, read through the list's own mapper so that each figure is the one the list
 * shows (its amounts, its expiry as of the shop's today).
 */
export function formCells(
  row: FormExportRow,
  context: {
    t: TFunction;
    countryNames: Map<number, string>;
    today: string;
    currency: string;
    withBranch?: boolean;
  },
): ExportCell[] {
  const { t } = context;
  const item = toListItem(row, context.countryNames, context.today);
  const stageKey = `export.stages.${item.status}`;
  const stage = t(stageKey);
  const yesNo = (value: boolean) => t(value ? 'export.yes' : 'export.no');
  const cells: ExportCell[] = [
    item.barcode,
    item.date_of_sales,
    row.issuedOn,
    stage === stageKey ? item.status : stage,
    yesNo(item.cancelled === '1'),
    yesNo(item.expired),
    item.traveler_name,
    item.traveler_surname,
    item.issued_govt_name,
    row.invoiceReferenceNumber || null,
    item.export_deadline,
    item.gross_amount,
    item.net_amount,
    item.vat_amount,
    item.refund_amount,
    item.customer_refund,
    context.currency,
    row.issuedBy,
  ];
  return context.withBranch ? [...cells, row.branchName] : cells;
}

/** The tax form breakdown's columns: the period, then the figures of each VAT rate. */
export function breakdownColumns(t: TFunction): ExportColumn[] {
  const c = (key: string) => t(`export.columns.${key}`);
  return [
    { header: c('from'), kind: 'date', width: 12 },
    { header: c('to'), kind: 'date', width: 12 },
    { header: c('vatRate'), kind: 'number', width: 12 },
    { header: c('forms'), kind: 'integer', width: 10 },
    { header: c('net'), kind: 'amount', width: 14 },
    { header: c('vat'), kind: 'amount', width: 14 },
    { header: c('gross'), kind: 'amount', width: 14 },
    { header: c('customerRefund'), kind: 'amount', width: 14 },
    { header: c('currency'), kind: 'text', width: 9 },
  ];
}

/** A row per VAT rate, then the totals, whose rate cell says so. */
export function breakdownCells(breakdown: VatBreakdown, totalLabel: string): ExportCell[][] {
  const { from, to, currency } = breakdown;
  return [
    ...breakdown.rates.map((r) => [
      from,
      to,
      r.vat_product_rate,
      r.forms,
      r.net_amount,
      r.vat_amount,
      r.gross_amount,
      r.refund_amount,
      currency,
    ]),
    [
      from,
      to,
      totalLabel,
      breakdown.totals.forms,
      breakdown.totals.net_amount,
      breakdown.totals.vat_amount,
      breakdown.totals.gross_amount,
      breakdown.totals.refund_amount,
      currency,
    ],
  ];
}
