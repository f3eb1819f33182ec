import type { ReceiptInvoice } from '@taxfree/domain';
import { emptyInvoice, type InvoiceValues, type IssueFormValues, ZERO } from './tax-form-values';

/** What a receipt filled on the invoice, as the scan's confirmation names it. */
export type ReceiptField = 'reference' | 'date' | 'total';

/** A receipt's fill of the form: the invoice (at `index`) as it becomes, and what changed. */
export type ReceiptFill = {
  index: number;
  invoice: InvoiceValues;
  /** Single-invoice mode: the form's reference is the invoice's (null: left as it is). */
  formReference: string | null;
  /** Single-invoice mode: the day of the sale and the form's invoice date are the receipt's. */
  saleDay: string | null;
  fields: ReceiptField[];
  /** The receipt's total when it could not go on a line (net typed, several lines, by hand). */
  totalToType: string | null;
};

type FillOptions = {
  /** The amount a clerk types on a line: only a gross one takes the receipt's total. */
  typed: 'net_sales_amount' | 'gross_sales_price';
  manual: boolean;
  multiple: boolean;
  /** A new invoice's first VAT rate (multiple-invoice mode, when every invoice is taken). */
  firstRate: number | undefined;
};

/** An invoice nothing was put on yet: no receipt, no reference, no amount on any line. */
function isBlank(invoice: InvoiceValues): boolean {
  return (
    !invoice.receipt_id &&
    !invoice.invoice_reference_number.trim() &&
    invoice.breakdown.every(
      (line) =>
        Number(line.net_sales_amount || 0) === 0 && Number(line.gross_sales_price || 0) === 0,
    )
  );
}

/**
 * Where a scanned receipt goes and what it puts there: the form's one invoice, or in
 * multiple-invoice mode the first blank one (a new one when none is). The receipt's number
 * becomes the reference, its day the invoice's date (and the day of the sale of a one-invoice
 * form), its total the line's gross when the clerk types gross amounts on a single line.
 */
export function receiptFill(
  values: IssueFormValues,
  receipt: ReceiptInvoice,
  options: FillOptions,
): ReceiptFill {
  const blank = options.multiple ? values.invoice.findIndex(isBlank) : 0;
  const index = blank === -1 ? values.invoice.length : blank;
  const current = values.invoice[index] ?? emptyInvoice(receipt.day, options.firstRate);
  const fields: ReceiptField[] = [];
  const invoice: InvoiceValues = {
    ...current,
    receipt_id: receipt.receipt_id,
    invoice_date: receipt.day,
  };
  if (receipt.reference !== null) {
    fields.push('reference');
    if (options.multiple) invoice.invoice_reference_number = receipt.reference;
  }
  fields.push('date');
  const [line, ...others] = current.breakdown;
  const fitsLine =
    receipt.gross !== null &&
    line !== undefined &&
    others.length === 0 &&
    !options.manual &&
    options.typed === 'gross_sales_price';
  if (fitsLine) {
    invoice.breakdown = [{ ...line, gross_sales_price: receipt.gross ?? ZERO }];
    fields.push('total');
  }
  return {
    index,
    invoice,
    formReference: options.multiple ? null : receipt.reference,
    saleDay: options.multiple ? null : receipt.day,
    fields,
    totalToType: fitsLine ? null : receipt.gross,
  };
}
