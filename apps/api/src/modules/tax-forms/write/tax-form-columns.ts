import { fromCents, type FormToWrite } from '@taxfree/domain';
import { formSearchText } from '../../../db/form-search-text.ts';
import { encrypt } from '../../../lib/secret-key.ts';

export const orNull = (text: string | null | undefined) =>
  text === '' || text === undefined ? null : text;

/**
 * The form's own columns as the decided form fills them; a form without a date of sale is sold
 * `today`, the shop's day (dayIn).
 */
export function formColumns(form: FormToWrite, barcode: string, secretKey: Buffer) {
  const { payload, computed, exportDeadline, travellerLanguage, today } = form;
  const t = payload.taxform;
  const card = t.acc_details;
  const iban = t.iban;
  const invoiceReferenceNumber =
    orNull(t.invoice_reference_number) ?? orNull(payload.invoice[0]?.invoice_reference_number);
  return {
    travelerName: t.traveler_name,
    travelerSurname: t.traveler_surname,
    travelerEmail: orNull(t.traveler_email),
    travellerLanguage,
    travelerMobile: orNull(t.traveler_mobile),
    passport: t.passport,
    issuedGovt: t.issued_govt,
    nationality: t.nationality,
    residenceCountry: t.residence_country ?? t.issued_govt,
    residenceProof: orNull(t.residence_proof),
    passportExpiry: t.passport_expiry,
    travelerDob: t.traveler_dob,
    travelerPostcode: orNull(t.traveler_postcode),
    travelerAddress: orNull(t.traveler_address),
    items: orNull(t.items),
    dateArrived: t.date_arrived,
    dateLeaving: t.date_leaving,
    countryFinal: t.country_final,
    dateOfSales: t.date_of_sales ?? today,
    invoiceDate: t.invoice_date ?? payload.invoice[0]?.invoice_date ?? null,
    exportDeadline,
    methodOfShipment: orNull(t.method_of_shipment),
    freightForwardName: orNull(t.freight_forward_name),
    freightForwardAddress: orNull(t.freight_forward_address),
    methodOfRefund: t.method_of_refund,
    accDetailsEnc: card ? encrypt(secretKey, card) : null,
    accDetailsLast4: card ? card.slice(-4) : null,
    emailOrMobile: orNull(t.email_or_mobile),
    ibanEnc: iban ? encrypt(secretKey, iban) : null,
    ibanLast4: iban ? iban.slice(-4) : null,
    swift: orNull(t.swift),
    bankName: orNull(t.bank_name),
    bankAddress: orNull(t.bank_address),
    invoiceReferenceNumber,
    searchText: formSearchText({
      barcode,
      travelerName: t.traveler_name,
      travelerSurname: t.traveler_surname,
      travelerEmail: t.traveler_email,
      passport: t.passport,
      invoiceReferenceNumber,
      invoiceReferences: payload.invoice.map((invoice) => invoice.invoice_reference_number),
    }),
    grossSalesPrice: fromCents(computed.gross),
    grossAmount: fromCents(computed.gross),
    netAmount: fromCents(computed.net),
    vatAmount: fromCents(computed.vat),
    refundAmount: fromCents(computed.refund),
    customerRefund: fromCents(computed.refund),
    manualAmounts: t.no_auto_calculation === 1,
  };
}
