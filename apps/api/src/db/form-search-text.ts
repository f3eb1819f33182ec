/** Separates the fields of search_text; no typed word contains it, so no match spans two fields. */
export const FIELD_SEPARATOR = '\u001f';

/**
 * The text the list's search reads for a form: barcode, traveller name, surname, e-mail, passport
 * and every invoice reference number. Written with the form on every issue and update.
 */
export function formSearchText(form: {
  barcode: string;
  travelerName: string | null;
  travelerSurname: string | null;
  travelerEmail?: string | null | undefined;
  passport?: string | null | undefined;
  invoiceReferenceNumber?: string | null | undefined;
  invoiceReferences?: readonly (string | null | undefined)[] | undefined;
}): string {
  return [
    form.barcode,
    form.travelerName,
    form.travelerSurname,
    form.travelerEmail,
    form.passport,
    form.invoiceReferenceNumber,
    ...(form.invoiceReferences ?? []),
  ]
    .filter((field): field is string => Boolean(field))
    .join(FIELD_SEPARATOR);
}
