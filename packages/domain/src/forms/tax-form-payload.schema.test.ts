import { describe, expect, it } from 'vitest';
import {
  CANCEL_REASONS,
  cancelPayloadSchema,
  checkIssueForm,
  issueFormSchema,
  type IssueFormSettings,
  taxFormPayloadSchema,
} from './tax-form-payload.schema.ts';
import {
  generalSettingSchema,
  parseSetting,
  taxFreeSettingSchema,
  vatSettingSchema,
} from '../settings/settings.schema.ts';

const today = () => '2025-06-01';

function settingsWith(
  general: Record<string, unknown> = {},
  taxFree: Record<string, unknown> = {},
): IssueFormSettings {
  return {
    general: parseSetting(generalSettingSchema, general),
    taxFree: parseSetting(taxFreeSettingSchema, {
      nationality_in_issue_form: 0,
      method_of_shipment_required: 0,
      ...taxFree,
    }),
    vat: parseSetting(vatSettingSchema, {}),
  };
}

/** A complete, valid payload, as the panel sends it. */
function payload(
  taxform: Record<string, unknown> = {},
  rest: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    taxform: {
      traveler_name: 'Ana',
      traveler_surname: 'Marković',
      traveler_email: '',
      traveler_mobile: '+381 64 123 4567',
      passport: '012345678',
      issued_govt: 42,
      nationality: null,
      traveler_dob: '0000-00-00',
      traveler_postcode: '',
      traveler_address: 'Knez Mihailova 1, Beograd',
      items: '',
      date_arrived: '',
      date_leaving: '',
      country_final: '',
      date_of_sales: '2025-06-01',
      invoice_date: '2025-06-01',
      method_of_shipment: 'Carried by the traveller',
      freight_forward_name: '',
      freight_forward_address: '',
      method_of_refund: 'option5',
      acc_details: '',
      email_or_mobile: '',
      iban: '',
      swift: '',
      bank_name: '',
      bank_address: '',
      invoice_reference_number: '',
      no_auto_calculation: 0,
      ...taxform,
    },
    invoice: [
      {
        invoice_date: '2025-06-01',
        invoice_reference_number: 'R-1',
        customer_refund: 20,
        gross_sales_price: 125,
        refund_amount: 20,
        vat_amount: 25,
        vat_product_rate: 25,
        breakdown: [
          {
            vat_product_rate: 25,
            net_sales_amount: 100,
            vat_amount: 25,
            gross_sales_price: 125,
            customer_refund: 20,
          },
        ],
      },
    ],
    products: [],
    ...rest,
  };
}

function errors(settings: IssueFormSettings, value: unknown): [string, string][] {
  const result = issueFormSchema(settings, { today }).safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('the issue form payload', () => {
  it('accepts a complete form and normalises it', () => {
    const result = issueFormSchema(settingsWith(), { today }).parse(payload({ date_of_sales: '' }));
    expect(result.taxform).toMatchObject({
      traveler_mobile: '+381641234567',
      traveler_dob: null,
      date_of_sales: '2025-06-01',
      date_arrived: null,
      country_final: null,
      issued_govt: 42,
    });
    expect(result.invoice[0]?.breakdown[0]?.net_sales_amount).toBe(100);
    expect(result.products).toEqual([]);
  });

  it('requires name, surname, mobile, passport, issuing country, address and refund method', () => {
    const empty = payload({
      traveler_name: ' ',
      traveler_surname: '',
      traveler_mobile: null,
      passport: '',
      issued_govt: '',
      traveler_address: undefined,
      method_of_refund: '',
    });
    expect(errors(settingsWith(), empty)).toEqual([
      ['taxform.traveler_name', 'travelerNameRequired'],
      ['taxform.traveler_surname', 'travelerSurnameRequired'],
      ['taxform.traveler_mobile', 'mobileRequired'],
      ['taxform.passport', 'passportRequired'],
      ['taxform.issued_govt', 'issuingCountryRequired'],
      ['taxform.traveler_address', 'addressRequired'],
      ['taxform.method_of_refund', 'refundMethodRequired'],
    ]);
  });

  it('refuses country ids no integer column can hold, instead of failing in the database', () => {
    const huge = payload({
      issued_govt: 2 ** 31,
      nationality: 4.2e301,
      country_final: '2147483647',
    });
    expect(errors(settingsWith(), huge)).toEqual([
      ['taxform.issued_govt', 'invalidValue'],
      ['taxform.nationality', 'invalidValue'],
    ]);
  });

  it('requires the flagged traveller fields only when their setting is on', () => {
    const blank = payload({ traveler_email: '', method_of_shipment: '' });
    expect(errors(settingsWith(), blank)).toEqual([]);
    const all = settingsWith(
      {},
      {
        traveler_email_id_required: 1,
        nationality_in_issue_form: 1,
        traveler_dob_required: 1,
        traveler_postcode_required: 1,
        purchase_details_required: 1,
        method_of_shipment_required: 1,
        final_destination_fields_required: 1,
      },
    );
    expect(errors(all, blank)).toEqual([
      ['taxform.traveler_email', 'emailRequired'],
      ['taxform.nationality', 'nationalityRequired'],
      ['taxform.traveler_dob', 'dateOfBirthRequired'],
      ['taxform.traveler_postcode', 'postcodeRequired'],
      ['taxform.items', 'purchaseDetailsRequired'],
      ['taxform.method_of_shipment', 'shipmentMethodRequired'],
      ['taxform.country_final', 'finalDestinationRequired'],
      ['taxform.date_arrived', 'arrivalDateRequired'],
      ['taxform.date_leaving', 'leavingDateRequired'],
    ]);
  });

  it('checks the e-mail and the mobile number whenever they are given', () => {
    expect(
      errors(settingsWith(), payload({ traveler_email: 'ana@', traveler_mobile: '12345' })),
    ).toEqual([
      ['taxform.traveler_email', 'emailInvalid'],
      ['taxform.traveler_mobile', 'mobileInvalid'],
    ]);
  });

  it('reads a national mobile number for the shop country', () => {
    const result = issueFormSchema(settingsWith(), { today, phoneCountry: 'HR' }).parse(
      payload({ traveler_mobile: '091 234 5678' }),
    );
    expect(result.taxform.traveler_mobile).toBe('+385912345678');
  });

  it('requires the freight forwarder for shipment by freight forwarding', () => {
    expect(
      errors(settingsWith(), payload({ method_of_shipment: 'Sent by freight forwarding company' })),
    ).toEqual([
      ['taxform.freight_forward_name', 'freightForwarderNameRequired'],
      ['taxform.freight_forward_address', 'freightForwarderAddressRequired'],
    ]);
    expect(errors(settingsWith(), payload({ method_of_shipment: 'By camel' }))).toEqual([
      ['taxform.method_of_shipment', 'invalidValue'],
    ]);
  });

  it('refuses future dates of sale and birth, and leaving before arriving', () => {
    expect(
      errors(
        settingsWith(),
        payload({
          date_of_sales: '2025-06-03',
          traveler_dob: '2030-01-01',
          date_arrived: '2025-05-20',
          date_leaving: '2025-05-19',
        }),
      ),
    ).toEqual([
      ['taxform.traveler_dob', 'dateInFuture'],
      ['taxform.date_of_sales', 'dateInFuture'],
      ['taxform.date_leaving', 'leavingBeforeArrival'],
    ]);
    // a day's grace for time zones
    expect(errors(settingsWith(), payload({ date_of_sales: '2025-06-02' }))).toEqual([]);
    expect(errors(settingsWith(), payload({ traveler_dob: '1990-02-30' }))).toEqual([
      ['taxform.traveler_dob', 'dateInvalid'],
    ]);
  });

  describe('refund details', () => {
    const mandatory = settingsWith({}, { refund_addition_fields_mandatory: 1 });

    it('requires the detail of the chosen method when the setting says so', () => {
      expect(errors(settingsWith(), payload({ method_of_refund: 'option2' }))).toEqual([]);
      expect(errors(mandatory, payload({ method_of_refund: 'option2' }))).toEqual([
        ['taxform.acc_details', 'cardNumberRequired'],
      ]);
      expect(errors(mandatory, payload({ method_of_refund: 'option3' }))).toEqual([
        ['taxform.email_or_mobile', 'refundEmailRequired'],
      ]);
      expect(errors(mandatory, payload({ method_of_refund: 'option6' }))).toEqual([
        ['taxform.iban', 'ibanRequired'],
      ]);
      expect(errors(mandatory, payload({ method_of_refund: 'option5' }))).toEqual([]);
    });

    it('checks a given detail whatever the setting', () => {
      expect(
        errors(settingsWith(), payload({ method_of_refund: 'option2', acc_details: '4111 1111' })),
      ).toEqual([['taxform.acc_details', 'cardNumberInvalid']]);
      expect(
        errors(settingsWith(), payload({ method_of_refund: 'option3', email_or_mobile: 'x@' })),
      ).toEqual([['taxform.email_or_mobile', 'emailInvalid']]);
      expect(
        errors(
          settingsWith(),
          payload({ method_of_refund: 'option6', iban: 'HR1310010051863000160', swift: 'PBZ' }),
        ),
      ).toEqual([
        ['taxform.iban', 'ibanInvalid'],
        ['taxform.swift', 'bicInvalid'],
      ]);
    });

    it('keeps only the chosen method’s detail, normalised', () => {
      const card = issueFormSchema(settingsWith(), { today }).parse(
        payload({
          method_of_refund: 'option2',
          acc_details: '4111-1111-1111-1111',
          iban: 'HR1210010051863000160',
          email_or_mobile: 'ana@example.rs',
        }),
      );
      expect(card.taxform).toMatchObject({
        acc_details: '4111111111111111',
        iban: '',
        email_or_mobile: '',
      });
      const bank = issueFormSchema(settingsWith(), { today }).parse(
        payload({
          method_of_refund: 'option6',
          acc_details: '4111111111111111',
          iban: 'hr12 1001 0051 8630 0016 0',
          swift: 'pbzg hr 2x',
        }),
      );
      expect(bank.taxform).toMatchObject({
        acc_details: '',
        iban: 'HR1210010051863000160',
        swift: 'PBZGHR2X',
      });
    });

    it('refuses a refund method the company does not offer', () => {
      const cardOnly = settingsWith({ refund_methods: 'option2' });
      expect(errors(cardOnly, payload({ method_of_refund: 'option5' }))).toEqual([
        ['taxform.method_of_refund', 'refundMethodNotOffered'],
      ]);
      expect(errors(settingsWith(), payload({ method_of_refund: 'option9' }))).toEqual([
        ['taxform.method_of_refund', 'invalidValue'],
      ]);
    });
  });

  describe('invoices', () => {
    it('needs at least one invoice', () => {
      expect(errors(settingsWith(), payload({}, { invoice: [] }))).toEqual([
        ['invoice', 'invoiceRequired'],
      ]);
    });

    it('says "Gross amount is required" for an invoice without a gross amount', () => {
      const base = payload();
      const [invoice] = base.invoice as Record<string, unknown>[];
      const value = { ...base, invoice: [{ ...invoice, gross_sales_price: '' }] };
      expect(errors(settingsWith(), value)).toEqual([
        ['invoice.0.gross_sales_price', 'grossAmountRequired'],
      ]);
    });

    it('checks every amount and points at the line', () => {
      const value = payload(
        {},
        {
          invoice: [
            {
              gross_sales_price: 125,
              vat_amount: -1,
              customer_refund: 1.234,
              breakdown: [
                { vat_product_rate: 25, net_sales_amount: 100 },
                { vat_product_rate: '', net_sales_amount: '' },
                { vat_product_rate: 130, net_sales_amount: -5 },
              ],
            },
          ],
        },
      );
      expect(errors(settingsWith(), value)).toEqual([
        ['invoice.0.customer_refund', 'amountInvalid'],
        ['invoice.0.vat_amount', 'amountNegative'],
        ['invoice.0.breakdown.1.vat_product_rate', 'vatRateRequired'],
        ['invoice.0.breakdown.1.net_sales_amount', 'netAmountRequired'],
        ['invoice.0.breakdown.2.vat_product_rate', 'vatRateInvalid'],
        ['invoice.0.breakdown.2.net_sales_amount', 'amountNegative'],
      ]);
    });

    it('never lets the refund exceed the VAT', () => {
      const value = payload(
        {},
        {
          invoice: [
            {
              gross_sales_price: 125,
              vat_amount: 25,
              refund_amount: 25.01,
              breakdown: [{ vat_product_rate: 25, net_sales_amount: 100, customer_refund: 30 }],
            },
          ],
        },
      );
      expect(errors(settingsWith(), value)).toEqual([
        ['invoice.0.refund_amount', 'refundExceedsVat'],
        ['invoice.0.breakdown.0.customer_refund', 'refundExceedsVat'],
      ]);
    });

    it('accepts amounts typed as text with a decimal comma', () => {
      const value = payload(
        {},
        {
          invoice: [
            {
              gross_sales_price: '125,00',
              vat_amount: '25',
              breakdown: [{ vat_product_rate: '25', net_sales_amount: '100.00' }],
            },
          ],
        },
      );
      const result = issueFormSchema(settingsWith(), { today }).parse(value);
      expect(result.invoice[0]).toMatchObject({ gross_sales_price: 125, vat_amount: 25 });
    });

    it('requires the invoice reference when the setting says so', () => {
      const refRequired = settingsWith({ invoice_ref_no_required: 1 });
      const base = payload();
      const [invoice] = base.invoice as Record<string, unknown>[];
      const noRef = { ...base, invoice: [{ ...invoice, invoice_reference_number: '' }] };
      expect(errors(refRequired, noRef)).toEqual([
        ['taxform.invoice_reference_number', 'invoiceReferenceRequired'],
      ]);
      expect(errors(refRequired, base)).toEqual([]);
      const multiple = settingsWith({ invoice_ref_no_required: 1, multiple_invoice_required: 1 });
      const two = { ...base, invoice: [invoice, { ...invoice, invoice_reference_number: ' ' }] };
      expect(errors(multiple, two)).toEqual([
        ['invoice.1.invoice_reference_number', 'invoiceReferenceRequired'],
      ]);
    });
  });

  describe('products', () => {
    const productsMode = settingsWith({}, { products_in_tfs_form: 1 });

    it('needs at least one product row in products mode', () => {
      expect(errors(productsMode, payload({}, { invoice: [], products: [] }))).toEqual([
        ['products', 'productsRequired'],
      ]);
    });

    it('checks each row, with a quantity of 1 by default', () => {
      const value = payload(
        {},
        {
          invoice: [],
          products: [
            { classification: '61', description: 'Jacket', net_amount: 200, vat_rate: 25 },
            { classification: '', description: '', quantity: 0, net_amount: '', vat_rate: '' },
            {
              classification: '62',
              description: 'Shoes',
              quantity: 1.5,
              net_amount: 10,
              vat_rate: 25,
              simplified_invoice_date: '2026-01-01',
            },
          ],
        },
      );
      expect(errors(productsMode, value)).toEqual([
        ['products.1.classification', 'classificationRequired'],
        ['products.1.description', 'descriptionRequired'],
        ['products.1.quantity', 'quantityInvalid'],
        ['products.1.net_amount', 'netAmountRequired'],
        ['products.1.vat_rate', 'vatRateRequired'],
        ['products.2.quantity', 'quantityInvalid'],
        ['products.2.simplified_invoice_date', 'dateInFuture'],
      ]);
      const jacket = { classification: '61', description: 'Jacket', net_amount: 200, vat_rate: 25 };
      const [first] = taxFormPayloadSchema.parse({ ...value, products: [jacket] }).products;
      expect(first).toMatchObject({
        quantity: 1,
        serial_number: '',
        simplified_invoice_date: null,
      });
    });
  });
});

describe('the rules on a parsed payload', () => {
  it('finds what the full schema finds, and normalises the same way', () => {
    const bad = taxFormPayloadSchema.parse(payload({ traveler_mobile: '12' }));
    const check = checkIssueForm(bad, settingsWith(), { today });
    expect(check.success).toBe(false);
    expect(check.success ? [] : check.issues.map((i) => [i.path.join('.'), i.message])).toEqual(
      errors(settingsWith(), payload({ traveler_mobile: '12' })),
    );
    const good = payload({ date_of_sales: '' });
    expect(checkIssueForm(taxFormPayloadSchema.parse(good), settingsWith(), { today })).toEqual({
      success: true,
      data: issueFormSchema(settingsWith(), { today }).parse(good),
    });
  });
});

describe('the cancel payload', () => {
  it('takes one of the four reasons, stored in English, and optional comments', () => {
    for (const reason of CANCEL_REASONS) {
      expect(cancelPayloadSchema.parse({ cancel_reason: reason })).toEqual({
        cancel_reason: reason,
        cancel_comments: '',
      });
    }
  });

  it('refuses a missing or unknown reason and overlong comments', () => {
    const result = cancelPayloadSchema.safeParse({
      cancel_reason: 'Changed my mind',
      cancel_comments: 'x'.repeat(501),
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['cancel_reason', 'cancelReasonRequired'],
      ['cancel_comments', 'textTooLong'],
    ]);
    expect(cancelPayloadSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'cancelReasonRequired',
    );
  });
});
