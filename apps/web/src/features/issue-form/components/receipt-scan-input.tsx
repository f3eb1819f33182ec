import { Button, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraScanButton } from '@/components/camera/camera-scan-button';
import { shopTimeZone } from '@/lib/shop-day';
import { useShopAsRead } from '@/lib/shop-data';
import type { Tenant } from '../api/issue-form-api';
import type { InvoiceValues } from '../model/tax-form-values';
import { useFocusAfterFill } from './focus-first-empty';
import classes from './issue-form.module.css';
import { ReceiptScanFeedback } from './receipt-scan-feedback';
import type { JudgeEligibility } from './use-eligibility';
import { useReceiptScan } from './use-receipt-scan';

type ReceiptScanInputProps = {
  tenant: Tenant;
  /** The shop's country (ISO 3166-1 alpha-2): the day of a receipt is its shop's day. */
  country: string;
  currency: string;
  judge: JudgeEligibility;
  multiple: boolean;
  typed: 'net_sales_amount' | 'gross_sales_price';
  manual: boolean;
  firstRate: number | undefined;
  append: (invoice: InvoiceValues) => void;
};

/**
 * Where a 2D reader types a fiscal receipt's QR code (or the clerk pastes it), and what the scan
 * gave. After a scan the focus moves to the first required field still empty, so the clerk types
 * on (a Croatian receipt's number, which its code does not carry); it comes back here when the
 * server says another form already holds the receipt.
 */
export function ReceiptScanInput({ tenant, country, currency, ...fill }: ReceiptScanInputProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [fills, setFills] = useState(0);
  const [helds, setHelds] = useState(0);
  const shop = useShopAsRead(tenant);
  const { scan, outcome, onChange, onKeyDown, readScan, readCode } = useReceiptScan({
    ...fill,
    tenant,
    shopVatNumber: shop.data?.vat_number || null,
    timeZone: shopTimeZone(country),
    onFilled: () => setFills((count) => count + 1),
    onRefused: () => inputRef.current?.select(),
    onHeld: () => setHelds((count) => count + 1),
  });

  useFocusAfterFill(inputRef, fills);
  // The focus went on to the next empty field, maybe far down the panel: back to the scan box,
  // whose alert says which form holds the receipt (a frame later, after the fill's own move).
  useEffect(() => {
    if (helds === 0) return;
    const frame = requestAnimationFrame(() => {
      inputRef.current?.focus();
      inputRef.current?.scrollIntoView?.({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [helds]);

  return (
    <div className={classes.wide}>
      <TextInput
        ref={inputRef}
        label={t('issueForm.receipt.label')}
        description={t('issueForm.receipt.description')}
        value={scan}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        error={outcome?.kind === 'refused'}
        spellCheck={false}
        autoComplete="off"
      />
      <Button
        variant="subtle"
        size="compact-sm"
        mt={4}
        tabIndex={-1}
        onClick={() => readScan()}
        disabled={!scan.trim()}
      >
        {t('issueForm.receipt.read')}
      </Button>
      <CameraScanButton
        label={t('camera.scanReceipt')}
        hint={t('camera.receiptHint')}
        onCode={readCode}
      />
      <ReceiptScanFeedback outcome={outcome} currency={currency} />
    </div>
  );
}
