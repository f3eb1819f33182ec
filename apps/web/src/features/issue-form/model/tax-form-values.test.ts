import { describe, expect, it } from 'vitest';
import { missingRefundDetail, newFormValues } from './tax-form-values';

describe('new form defaults (SPEC 4)', () => {
  it('issues in country 42, carried by the traveller, dated today, amounts 0', () => {
    const values = newFormValues('2026-03-05', 25);
    expect(values.taxform).toMatchObject({
      issued_govt: '42',
      method_of_shipment: 'Carried by the traveller',
      date_of_sales: '2026-03-05',
      date_arrived: '2026-03-05',
      date_leaving: '2026-03-05',
    });
    expect(values.invoice[0]?.breakdown[0]).toMatchObject({
      vat_product_rate: '25',
      gross_sales_price: '0.00',
      net_sales_amount: '0.00',
    });
  });
});

describe('missingRefundDetail', () => {
  const base = { acc_details: '', email_or_mobile: '', iban: '' };
  it('names the empty detail of the chosen method only', () => {
    expect(missingRefundDetail({ ...base, method_of_refund: 'option2' })).toBe('card');
    expect(missingRefundDetail({ ...base, method_of_refund: 'option3' })).toBe('email');
    expect(missingRefundDetail({ ...base, method_of_refund: 'option6' })).toBe('iban');
    expect(missingRefundDetail({ ...base, method_of_refund: 'option5' })).toBeNull();
    expect(
      missingRefundDetail({ ...base, method_of_refund: 'option2', acc_details: '4111' }),
    ).toBeNull();
  });
});
