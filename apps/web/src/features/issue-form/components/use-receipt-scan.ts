import {
  type CountryIssue,
  holdsReceipt,
  type ReceiptInvoice,
  receiptInvoice,
  readShopReceipt,
} from '@taxfree/domain';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { type ReceiptField, receiptFill } from '../model/receipt-fill';
import type { InvoiceValues, IssueFormValues } from '../model/tax-form-values';
import type { Tenant } from '../api/issue-form-api';
import { scanReceipt } from '../api/scan-receipt';
import type { JudgeEligibility } from './use-eligibility';

/** What the last receipt scan gave: what it filled and what to check, or why nothing was. */
export type ReceiptScanOutcome =
  | {
      kind: 'filled';
      receipt: ReceiptInvoice;
      fields: ReceiptField[];
      /** The receipt's total, to type on the lines, when it could not go on one by itself. */
      totalToType: string | null;
      /** The country's minimum and export window as the filled form breaks them. */
      warnings: CountryIssue[];
      /** The barcode of the company's form that already holds the receipt, as the server says. */
      heldBy: string | null;
    }
  | { kind: 'refused'; message: string };

type ReceiptScanOptions = {
  tenant: Tenant;
  /** The shop's VAT number: a code naming another seller is refused; null while it has none. */
  shopVatNumber: string | null;
  timeZone: string;
  judge: JudgeEligibility;
  multiple: boolean;
  typed: 'net_sales_amount' | 'gross_sales_price';
  manual: boolean;
  firstRate: number | undefined;
  /** Adds an invoice (multiple-invoice mode, when every invoice already has its receipt). */
  append: (invoice: InvoiceValues) => void;
  onFilled: () => void;
  onRefused: () => void;
  /** The server said, after the fill, that another form holds the receipt. */
  onHeld: () => void;
};

/**
 * The receipt scan input's text and what the last scan gave. A fiscal receipt's QR code, typed by
 * a keyboard-wedge reader with Enter or pasted, is read by the domain (as the server reads it
 * again), refused with its reason, or put on the invoice: its number, day and total; then the
 * form is judged as it now stands, so a receipt under the minimum or past the export window says
 * so at once.
 */
export function useReceiptScan(options: ReceiptScanOptions) {
  const { getValues, setValue } = useFormContext<IssueFormValues>();
  const [scan, setScan] = useState('');
  const [outcome, setOutcome] = useState<ReceiptScanOutcome | null>(null);
  // The receipt the last fill put on the form, until the clerk types another scan.
  const lastFilled = useRef<string | null>(null);

  const refuse = (message: string) => {
    setOutcome({ kind: 'refused', message });
    options.onRefused();
  };

  const read = (input: string) => {
    const reading = readShopReceipt(input.trim(), options.shopVatNumber);
    if (!reading.ok) return refuse(reading.refusal);
    const receipt = receiptInvoice(reading.receipt, options.timeZone);
    const values = getValues();
    if (holdsReceipt(values.invoice, receipt.receipt_id)) return refuse('receiptOnThisForm');
    const fill = receiptFill(values, receipt, options);
    const set = { shouldDirty: true, shouldValidate: false } as const;
    if (fill.index === values.invoice.length) {
      options.append(fill.invoice);
    } else {
      const base = `invoice.${fill.index}` as const;
      setValue(`${base}.receipt_id`, fill.invoice.receipt_id, set);
      setValue(`${base}.invoice_date`, fill.invoice.invoice_date, set);
      setValue(`${base}.invoice_reference_number`, fill.invoice.invoice_reference_number, set);
      fill.invoice.breakdown.forEach((line, lineIndex) =>
        setValue(`${base}.breakdown.${lineIndex}.gross_sales_price`, line.gross_sales_price, set),
      );
    }
    if (fill.formReference !== null) {
      setValue('taxform.invoice_reference_number', fill.formReference, set);
    }
    if (fill.saleDay !== null) {
      setValue('taxform.date_of_sales', fill.saleDay, set);
      // The form's invoice date is its one invoice's, as the payload sends it.
      setValue('taxform.invoice_date', fill.saleDay, set);
    }
    const lines = options.judge(getValues()) ?? [];
    const warnings = lines
      // What a receipt alone can break: its day past the window, its total (when it gave one)
      // under the minimum.
      .filter(
        ({ rule }) =>
          rule === 'exportWindow' || (rule === 'minimum' && fill.fields.includes('total')),
      )
      .flatMap((line) => line.issues)
      .filter(
        ({ path: [list, index] }) =>
          list !== 'invoice' || index === undefined || index === fill.index,
      );
    setScan('');
    setOutcome({
      kind: 'filled',
      receipt,
      fields: fill.fields,
      totalToType: fill.totalToType,
      warnings,
      heldBy: null,
    });
    lastFilled.current = receipt.receipt_id;
    options.onFilled();
    void askWhoHolds(input.trim(), receipt.receipt_id);
  };

  // The server reads the code again and says whether another form already holds the receipt: the
  // clerk learns it now, not after filling the rest. Without an answer, issuing still checks.
  const askWhoHolds = async (code: string, receiptId: string) => {
    const answer = await scanReceipt(options.tenant, code).catch(() => null);
    const heldBy = answer?.held_by;
    if (!heldBy || lastFilled.current !== receiptId) return;
    setOutcome((current) =>
      current?.kind === 'filled' && current.receipt.receipt_id === receiptId
        ? { ...current, heldBy }
        : current,
    );
    options.onHeld();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (event.currentTarget.value.trim()) read(event.currentTarget.value);
  };

  const onChange = (value: string) => {
    setScan(value);
    setOutcome(null);
    lastFilled.current = null;
  };

  return { scan, outcome, onChange, onKeyDown, readScan: () => read(scan), readCode: read };
}
