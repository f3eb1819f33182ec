import {
  type AmountSettings,
  issueFormSchema,
  type IssueFormSettings,
  type TaxFormDetailResponse,
  type TaxFormPayload,
} from '@taxfree/domain';
import { describe, expect, it } from 'vitest';
import { detailToValues, toWirePayload, travellerPatch } from './tax-form-payload';
import { newFormValues } from './tax-form-values';
import { withComputedAmounts } from './issue-resolver';

describe('toWirePayload', () => {
  it('gives a single invoice the form reference and its own date on the form', () => {
    const payload = {
      taxform: { invoice_reference_number: 'R-1', invoice_date: '2026-03-05' },
      invoice: [{ invoice_reference_number: '', invoice_date: '2026-03-04' }],
      products: [],
    } as unknown as TaxFormPayload;
    const wire = toWirePayload(payload, false);
    expect(wire.invoice?.[0]).toMatchObject({ invoice_reference_number: 'R-1' });
    expect(wire.taxform.invoice_date).toBe('2026-03-04');
  });

  it('sends the residence, its proof and the document expiry as typed', () => {
    const values = newFormValues('2026-03-05', 25);
    Object.assign(values.taxform, {
      traveler_name: 'Ana',
      traveler_surname: 'Horvat',
      traveler_mobile: '+385 91 234 5678',
      passport: 'P123456',
      traveler_address: 'Ilica 1, Zagreb',
      method_of_refund: 'option5',
      residence_country: '7',
      residence_proof: ' Permit 123/2025 ',
      passport_expiry: '2031-07-01',
    });
    values.invoice[0]!.breakdown[0]!.gross_sales_price = '125.00';
    const settings = {
      general: { refund_methods: 'option5', multiple_invoice_required: 0 },
      taxFree: {},
      vat: {},
    } as unknown as IssueFormSettings;
    const amounts: AmountSettings = {
      purchaseAmountType: 'GROSS_AMOUNT',
      refund: { source: 'VAT_AMOUNT', tiers: [] },
    };
    const parsed = issueFormSchema(settings).parse(withComputedAmounts(values, amounts));
    expect(toWirePayload(parsed, false).taxform).toMatchObject({
      residence_country: 7,
      residence_proof: 'Permit 123/2025',
      passport_expiry: '2031-07-01',
    });
    expect(newFormValues('2026-03-05', 25).taxform).toMatchObject({
      residence_country: null,
      residence_proof: '',
      passport_expiry: '',
    });
  });
});

describe('detailToValues', () => {
  it('loads the residence, its proof and the document expiry of a stored form', () => {
    const detail = {
      taxforms: {
        traveler_name: 'Ana',
        traveler_surname: 'Horvat',
        passport: 'P123456',
        issued_govt: 98,
        nationality: null,
        residence_country: 7,
        residence_proof: 'Permit 123/2025',
        passport_expiry: '2031-07-01',
        method_of_refund: 'option5',
        no_auto_calculation: 0,
      },
      invoice: [],
      products: [],
    } as unknown as TaxFormDetailResponse;
    expect(detailToValues(detail).taxform).toMatchObject({
      issued_govt: '98',
      residence_country: '7',
      residence_proof: 'Permit 123/2025',
      passport_expiry: '2031-07-01',
    });
    const none = { ...detail.taxforms, residence_country: null, residence_proof: null };
    expect(detailToValues({ ...detail, taxforms: none }).taxform).toMatchObject({
      residence_country: null,
      residence_proof: '',
    });
  });

  it("keeps each invoice's receipt, so an edit leaves the receipt with its form", () => {
    const line = {
      vat_product_rate: 25,
      net_sales_amount: 80,
      vat_amount: 20,
      gross_sales_price: 100,
      customer_refund: 12,
    };
    const invoice = (receiptId: string | null) => ({
      invoice_date: '2026-11-20',
      invoice_reference_number: 'R-1',
      receipt_id: receiptId,
      customer_refund: 12,
      gross_sales_price: 100,
      refund_amount: 12,
      vat_amount: 20,
      vat_product_rate: null,
      breakdown: [line],
    });
    const detail = {
      taxforms: { traveler_name: 'Ana', method_of_refund: 'option5', no_auto_calculation: 0 },
      invoice: [invoice('6c0b0c9e-3f1a-4b7d-9e21-5a8f0d2c4b13'), invoice(null)],
      products: [],
    } as unknown as TaxFormDetailResponse;
    expect(detailToValues(detail).invoice.map((entry) => entry.receipt_id)).toEqual([
      '6c0b0c9e-3f1a-4b7d-9e21-5a8f0d2c4b13',
      '',
    ]);
  });
});

describe('travellerPatch', () => {
  it('fills the document expiry a scan read, and leaves out what it did not', () => {
    expect(travellerPatch({ traveler_name: 'Ana', passport_expiry: '2031-07-01' })).toEqual({
      traveler_name: 'Ana',
      passport_expiry: '2031-07-01',
    });
    expect(travellerPatch({ traveler_name: 'Ana', passport_expiry: null })).toEqual({
      traveler_name: 'Ana',
    });
  });
});
