import {
  canCancel,
  centsToAmount,
  isExpired,
  isLanguage,
  toCents,
  maskCardLast4,
  maskIbanLast4,
  operatorFee,
  type FormStageEntry,
  type TaxFormDetailResponse,
  type TaxFormListItem,
} from '@taxfree/domain';
import type { formStages } from '../../../db/schema/index.ts';
import type { TaxFormDetail } from './tax-form-detail.repository.ts';
import { toAmount, type TaxFormListRow } from './tax-forms.repository.ts';

const flag = (value: boolean) => (value ? (1 as const) : (0 as const));

/** A form's row for the list, as of `today` (the shop's day) for its expiry. */
export function toListItem(
  row: TaxFormListRow,
  countryNames: Map<number, string>,
  today: string,
): TaxFormListItem {
  const state = { stage: row.status, cancelled: row.cancelled, exportDeadline: row.exportDeadline };
  return {
    id: row.id,
    barcode: row.barcode,
    status: row.status,
    traveler_name: row.travelerName,
    traveler_surname: row.travelerSurname,
    traveler_email: row.travelerEmail,
    issued_govt: row.issuedGovt,
    issued_govt_name: row.issuedGovt === null ? null : (countryNames.get(row.issuedGovt) ?? null),
    date_of_sales: row.dateOfSales,
    invoice_reference_number: row.invoiceReferenceNumber,
    gross_amount: toAmount(row.grossAmount),
    vat_amount: toAmount(row.vatAmount),
    net_amount: toAmount(row.netAmount),
    refund_amount: toAmount(row.refundAmount),
    customer_refund: toAmount(row.customerRefund),
    cancelled: row.cancelled ? '1' : '0',
    ilr: flag(canCancel(state)),
    export_deadline: row.exportDeadline,
    expired: isExpired(state, today),
  };
}

export function toDetail(
  detail: TaxFormDetail,
  countryNames: Map<number, string>,
  today: string,
): TaxFormDetailResponse {
  const { form } = detail;
  return {
    taxforms: {
      ...toListItem(form, countryNames, today),
      verification_code: form.verificationCode,
      version: form.version,
      traveler_mobile: form.travelerMobile,
      passport: form.passport,
      nationality: form.nationality,
      residence_country: form.residenceCountry,
      residence_proof: form.residenceProof,
      passport_expiry: form.passportExpiry,
      traveler_dob: form.travelerDob,
      traveler_postcode: form.travelerPostcode,
      traveler_address: form.travelerAddress,
      items: form.items,
      date_arrived: form.dateArrived,
      date_leaving: form.dateLeaving,
      country_final: form.countryFinal,
      invoice_date: form.invoiceDate,
      method_of_shipment: form.methodOfShipment,
      freight_forward_name: form.freightForwardName,
      freight_forward_address: form.freightForwardAddress,
      method_of_refund: form.methodOfRefund,
      // Card numbers and IBANs never leave the server in full (ARCHITECTURE "Storage").
      acc_details: form.accDetailsLast4 ? maskCardLast4(form.accDetailsLast4) : null,
      email_or_mobile: form.emailOrMobile,
      iban: form.ibanLast4 ? maskIbanLast4(form.ibanLast4) : null,
      swift: form.swift,
      bank_name: form.bankName,
      bank_address: form.bankAddress,
      gross_sales_price: toAmount(form.grossSalesPrice),
      fee_amount: centsToAmount(operatorFee(toCents(form.vatAmount), toCents(form.refundAmount))),
      no_auto_calculation: flag(form.manualAmounts),
      traveller_language: isLanguage(form.travellerLanguage) ? form.travellerLanguage : null,
    },
    invoice: detail.invoices.map((invoice) => ({
      id: invoice.id,
      invoice_date: invoice.invoiceDate,
      invoice_reference_number: invoice.invoiceReferenceNumber,
      receipt_id: invoice.receiptId,
      vat_product_rate: invoice.vatProductRate === null ? null : Number(invoice.vatProductRate),
      net_amount: toAmount(invoice.netAmount),
      vat_amount: toAmount(invoice.vatAmount),
      gross_sales_price: toAmount(invoice.grossSalesPrice),
      refund_amount: toAmount(invoice.refundAmount),
      customer_refund: toAmount(invoice.customerRefund),
      breakdown: invoice.lines.map((line) => ({
        id: line.id,
        collected_form_id: line.taxFormId,
        vat_product_rate: Number(line.vatProductRate),
        net_sales_amount: toAmount(line.netSalesAmount),
        vat_amount: toAmount(line.vatAmount),
        gross_sales_price: toAmount(line.grossSalesPrice),
        customer_refund: toAmount(line.customerRefund),
      })),
    })),
    products: detail.products.map((product) => ({
      id: product.id,
      classification: product.classification,
      description: product.description,
      quantity: product.quantity,
      serial_number: product.serialNumber,
      net_amount: toAmount(product.netAmount),
      vat_rate: Number(product.vatRate),
      simplified_invoice_number: product.simplifiedInvoiceNumber,
      simplified_invoice_date: product.simplifiedInvoiceDate,
    })),
  };
}

/** A stage the form reached, with what was recorded with it (the status panel's history). */
export function toStageEntry(
  row: Pick<
    typeof formStages.$inferSelect,
    | 'stage'
    | 'createdAt'
    | 'source'
    | 'exportDate'
    | 'customsOffice'
    | 'customsRecordNumber'
    | 'refundDate'
    | 'paidAmount'
    | 'paidMethod'
  > & { userName?: string | null },
): Required<FormStageEntry> {
  return {
    stage: row.stage,
    created_at: row.createdAt.toISOString(),
    source: row.source,
    export_date: row.exportDate,
    customs_office: row.customsOffice,
    customs_record_number: row.customsRecordNumber,
    refund_date: row.refundDate,
    paid_amount: row.paidAmount === null ? null : toAmount(row.paidAmount),
    paid_method: row.paidMethod,
    user_name: row.userName ?? null,
  };
}
