import * as z from 'zod/mini';
import { REFUND_METHODS, type RefundMethod } from '../settings/settings.schema.ts';
import { isValidEmail } from '../contact/email.rules.ts';
import {
  requiredId,
  requiredText,
  wireDate,
  wireFlag,
  wireId,
  wireText,
} from './wire-fields.schema.ts';
import { wireTravellerLanguage } from '../traveller/traveller-language.ts';

/**
 * The `taxform` part of the issue / update payload (tax-form-payload.schema.ts): the traveller,
 * the journey, the shipment and the refund details.
 */

/** Shipment methods (SPEC 9), stored as these texts. */
export const SHIPMENT_METHODS = [
  'Carried by the traveller',
  'Sent by post',
  'Sent by freight forwarding company',
] as const;
export type ShipmentMethod = (typeof SHIPMENT_METHODS)[number];
export const FREIGHT_FORWARDING: ShipmentMethod = 'Sent by freight forwarding company';

const isShipmentMethod = (value: string): value is ShipmentMethod =>
  (SHIPMENT_METHODS as readonly string[]).includes(value);
export const isRefundMethod = (value: string): value is RefundMethod =>
  (REFUND_METHODS as readonly string[]).includes(value);

export const taxFormFieldsPayloadSchema = z.object({
  traveler_name: requiredText(100, 'travelerNameRequired'),
  traveler_surname: requiredText(100, 'travelerSurnameRequired'),
  traveler_email: wireText(254).check(
    z.refine((v: string) => v === '' || isValidEmail(v), 'emailInvalid'),
  ),
  /** The language of the traveller's e-mails; left out: from the nationality (traveller-language.ts). */
  traveller_language: wireTravellerLanguage,
  traveler_mobile: requiredText(40, 'mobileRequired'),
  passport: requiredText(30, 'passportRequired'),
  /** The issuing country's id (SPEC 4: 42 on a new form). */
  issued_govt: requiredId('issuingCountryRequired'),
  nationality: wireId,
  /** The country the traveller lives in (an id, like issued_govt); none: the issuing country. */
  residence_country: wireId,
  /** The document that proves a residence other than the issuing country (e.g. a permit's number). */
  residence_proof: wireText(100),
  /** The identity document's expiry date. */
  passport_expiry: wireDate,
  traveler_dob: wireDate,
  traveler_postcode: wireText(20),
  traveler_address: requiredText(500, 'addressRequired'),
  /** Purchase details: a text of several lines. */
  items: wireText(2000, 'several'),
  date_arrived: wireDate,
  date_leaving: wireDate,
  /** The final destination's country id. */
  country_final: wireId,
  date_of_sales: wireDate,
  invoice_date: wireDate,
  method_of_shipment: z.pipe(
    wireText(50).check(z.refine((v: string) => v === '' || isShipmentMethod(v), 'invalidValue')),
    z.transform((v: string) => v as ShipmentMethod | ''),
  ),
  freight_forward_name: wireText(200),
  freight_forward_address: wireText(500),
  method_of_refund: z.pipe(
    requiredText(20, 'refundMethodRequired').check(
      z.refine((v: string) => v === '' || isRefundMethod(v), 'invalidValue'),
    ),
    z.transform((v: string) => v as RefundMethod),
  ),
  /** The card number (option2). */
  acc_details: wireText(40),
  /** The refund e-mail (option3). */
  email_or_mobile: wireText(254),
  iban: wireText(50),
  swift: wireText(20),
  bank_name: wireText(200),
  bank_address: wireText(500),
  invoice_reference_number: wireText(100),
  /** 1: amounts were typed by hand, not computed (recorded on the form). */
  no_auto_calculation: wireFlag,
});
export type TaxFormFieldsPayload = z.output<typeof taxFormFieldsPayloadSchema>;
