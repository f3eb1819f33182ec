import { useTranslation } from 'react-i18next';
import type { AmountTotalsValues } from '../model/amounts';
import classes from './issue-form.module.css';

type ProductTotalsProps = {
  totals: AmountTotalsValues;
  money: (value: string) => string;
};

/** The product rows' invoice after Finish Invoice: net, VAT, gross and refund. */
export function ProductTotals({ totals, money }: ProductTotalsProps) {
  const { t } = useTranslation();
  return (
    <dl className={classes.totals} aria-label={t('issueForm.products.totals')}>
      <div>
        <dt>{t('issueForm.table.net')}</dt>
        <dd data-testid="products-total-net">{money(totals.net_amount)}</dd>
      </div>
      <div>
        <dt>{t('issueForm.table.vat')}</dt>
        <dd data-testid="products-total-vat">{money(totals.vat_amount)}</dd>
      </div>
      <div>
        <dt>{t('issueForm.table.gross')}</dt>
        <dd data-testid="products-total-gross">{money(totals.gross_sales_price)}</dd>
      </div>
      <div>
        <dt>{t('issueForm.table.refund')}</dt>
        <dd data-testid="products-total-refund">{money(totals.customer_refund)}</dd>
      </div>
    </dl>
  );
}
