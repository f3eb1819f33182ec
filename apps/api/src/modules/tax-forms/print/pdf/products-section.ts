import { toCents } from '@taxfree/domain';
import type { TaxFormDetail } from '../../read/tax-form-detail.repository.ts';
import { formatDate } from './form-text.ts';
import type { FormWriter } from './form-writer.ts';
import { drawTable } from './form-table.ts';

/** The goods of a products-mode form, one row per product; nothing for an invoice-mode form. */
export function drawProducts(w: FormWriter, products: TaxFormDetail['products']) {
  if (products.length === 0) return;
  const { both, percent, money } = w.text;
  drawTable(
    w,
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
    products.map((product, i) => ({
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
