import type {
  AmountSettings,
  GeneralSetting,
  IssueFormSettings,
  TaxFormPayload,
  TaxFreeSetting,
  VatSetting,
} from '@taxfree/domain';
import { describe, expect, it } from 'vitest';
import { emptyInvoice, emptyProduct, type IssueFormValues, newFormValues } from './tax-form-values';
import { issueFormResolver, withComputedAmounts } from './issue-resolver';

const amounts: AmountSettings = {
  purchaseAmountType: 'GROSS_AMOUNT',
  refund: { source: 'VAT_AMOUNT', tiers: [] },
};

function settings(general: Partial<GeneralSetting>, taxFree: Partial<TaxFreeSetting>) {
  return {
    general: {
      refund_methods: 'option2,option3,option5,option6',
      multiple_invoice_required: 0,
      invoice_ref_no_required: 0,
      refund_calculation_with_net_amount_is_from: 0,
      ...general,
    },
    taxFree: {
      traveler_email_id_required: 0,
      nationality_in_issue_form: 0,
      traveler_dob_required: 0,
      traveler_postcode_required: 0,
      purchase_details_required: 0,
      final_destination_fields_required: 0,
      method_of_shipment_required: 0,
      refund_addition_fields_mandatory: 0,
      products_in_tfs_form: 0,
      ...taxFree,
    },
    vat: {
      rate: 25,
      fraction: 0.2,
      purchase_amount_type: 'GROSS_AMOUNT',
      product_rates: '25,13,5',
    },
  } as unknown as IssueFormSettings & { vat: VatSetting };
}

function traveller(): IssueFormValues {
  const values = newFormValues('2026-03-05', 25);
  Object.assign(values.taxform, {
    traveler_name: 'Ana',
    traveler_surname: 'Horvat',
    traveler_mobile: '+385 91 234 5678',
    passport: 'P123456',
    traveler_address: 'Ilica 1, Zagreb',
    method_of_refund: 'option5',
  });
  return values;
}

async function resolve(values: IssueFormValues, s: IssueFormSettings) {
  const resolver = issueFormResolver(s, amounts, { phoneCountry: 'HR' });
  return resolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
}

describe('withComputedAmounts', () => {
  it('sends no product rows with invoices, and no invoice with product rows', () => {
    const values = traveller();
    expect(withComputedAmounts(values, amounts).products).toEqual([]);
    expect(withComputedAmounts(values, amounts, true).invoice).toEqual([]);
    expect(withComputedAmounts(values, amounts, true).products).toHaveLength(1);
  });

  it('keeps hand-typed line amounts and sums them into the invoice', () => {
    const values = traveller();
    values.taxform.no_auto_calculation = 1;
    values.invoice[0]!.breakdown[0] = {
      vat_product_rate: '25',
      net_sales_amount: '80.00',
      vat_amount: '19.00',
      gross_sales_price: '99.00',
      customer_refund: '10.00',
    };
    const [invoice] = withComputedAmounts(values, amounts).invoice;
    expect(invoice?.breakdown[0]?.vat_amount).toBe('19.00');
    expect(invoice).toMatchObject({
      vat_amount: '19.00',
      gross_sales_price: '99.00',
      customer_refund: '10.00',
    });
  });
});

describe('issueFormResolver', () => {
  it('validates and sends every invoice of a multiple-invoice form', async () => {
    const values = traveller();
    values.invoice = [emptyInvoice('2026-03-05', 25), emptyInvoice('2026-03-05', 13)];
    values.invoice[0]!.breakdown[0]!.gross_sales_price = '100';
    values.invoice[1]!.breakdown[0]!.gross_sales_price = '113';
    const s = settings({ multiple_invoice_required: 1, invoice_ref_no_required: 1 }, {});
    const missing = await resolve(values, s);
    expect(Object.keys(missing.errors)).toEqual(['invoice']);
    values.invoice[0]!.invoice_reference_number = 'A-1';
    values.invoice[1]!.invoice_reference_number = 'A-2';
    const result = await resolve(values, s);
    expect(result.errors).toEqual({});
    const payload = result.values as TaxFormPayload;
    expect(payload.invoice.map((i) => [i.invoice_reference_number, i.vat_amount])).toEqual([
      ['A-1', 20],
      ['A-2', 13],
    ]);
    expect(payload.products).toEqual([]);
  });

  it('checks the product rows and sends them with an empty invoice list', async () => {
    const values = traveller();
    values.products = [emptyProduct('2026-03-05', 25)];
    const s = settings({}, { products_in_tfs_form: 1 });
    const missing = await resolve(values, s);
    expect(missing.errors).toHaveProperty('products.0.classification');
    expect(missing.errors).toHaveProperty('products.0.net_amount');
    values.products[0] = {
      ...values.products[0]!,
      classification: '6403',
      description: 'Shoes',
      net_amount: '100',
    };
    const result = await resolve(values, s);
    expect(result.errors).toEqual({});
    const payload = result.values as TaxFormPayload;
    expect(payload.invoice).toEqual([]);
    expect(payload.products).toEqual([
      expect.objectContaining({
        classification: '6403',
        quantity: 1,
        net_amount: 100,
        vat_rate: 25,
      }),
    ]);
  });

  it('marks hand-typed amounts with no_auto_calculation', async () => {
    const values = traveller();
    values.taxform.no_auto_calculation = 1;
    values.invoice[0]!.breakdown[0] = {
      vat_product_rate: '25',
      net_sales_amount: '80.00',
      vat_amount: '19.00',
      gross_sales_price: '99.00',
      customer_refund: '10.00',
    };
    const result = await resolve(values, settings({}, {}));
    expect(result.errors).toEqual({});
    const payload = result.values as TaxFormPayload;
    expect(payload.taxform.no_auto_calculation).toBe(1);
    expect(payload.invoice[0]).toMatchObject({ vat_amount: 19, gross_sales_price: 99 });
  });
});

describe('amounts as typed in the interface language', () => {
  const resolveIn = (values: IssueFormValues, s: IssueFormSettings, language: 'hr' | 'en') =>
    issueFormResolver(s, amounts, { phoneCountry: 'HR', language })(values, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });

  it('refuses an amount that cannot be read, on its field, and sends nothing', async () => {
    const values = traveller();
    values.invoice[0]!.breakdown[0]!.gross_sales_price = '12,345,67';
    const result = await resolveIn(values, settings({}, {}), 'hr');
    expect(result.values).toEqual({});
    expect(result.errors).toHaveProperty(['invoice', 0, 'breakdown', 0, 'gross_sales_price']);
    expect(result.errors.invoice?.[0]?.breakdown?.[0]?.gross_sales_price?.message).toContain(
      '1.234,56',
    );
  });

  it('reads what a Croatian clerk typed, and what was kept as the wire text', async () => {
    const values = traveller();
    values.invoice[0]!.breakdown[0]!.gross_sales_price = '1.250,00';
    values.invoice[0]!.breakdown.push({
      ...values.invoice[0]!.breakdown[0]!,
      gross_sales_price: '100.00',
    });
    const result = await resolveIn(values, settings({}, {}), 'hr');
    expect(result.errors).toEqual({});
    const payload = result.values as TaxFormPayload;
    expect(payload.invoice[0]!.gross_sales_price).toBe(1350);
  });

  it('refuses a product row whose net amount cannot be read', async () => {
    const values = traveller();
    values.products = [
      {
        ...emptyProduct('2026-03-05', 25),
        classification: '6403',
        description: 'Shoes',
        net_amount: '1.2.3',
      },
    ];
    const result = await resolveIn(values, settings({}, { products_in_tfs_form: 1 }), 'en');
    expect(result.errors).toHaveProperty(['products', 0, 'net_amount']);
  });
});
