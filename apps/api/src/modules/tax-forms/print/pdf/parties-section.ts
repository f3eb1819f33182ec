import type { TaxFormDetail } from '../../read/tax-form-detail.repository.ts';
import { fieldGrid } from './field-grid.ts';
import { formatDate } from './form-text.ts';
import { SECTION_HEIGHT, type FormWriter } from './form-writer.ts';
import { CONTENT_WIDTH, PAGE } from './pdf-page.ts';
import type { PrintContext } from './print-context.ts';

type Form = TaxFormDetail['form'];

/** The seller as registered, the shop that sold, and its VAT number. */
export function drawSeller(w: FormWriter, ctx: PrintContext) {
  const { both } = w.text;
  w.section(both('seller'));
  w.y = fieldGrid(
    w,
    [
      { label: both('legalName'), value: ctx.company.legalName ?? ctx.company.name },
      { label: both('branch'), value: ctx.branchName },
      { label: both('address'), value: ctx.company.address },
      { label: both('vatNumber'), value: ctx.company.vatNumber },
    ],
    PAGE.margin,
    CONTENT_WIDTH,
    4,
  );
}

/** The traveller: name, travel document, the countries, and how to reach them when given. */
export function drawTraveller(w: FormWriter, form: Form) {
  const { both, country } = w.text;
  w.ensure(SECTION_HEIGHT + 40);
  w.section(both('traveller'));
  w.y = fieldGrid(
    w,
    [
      { label: both('name'), value: `${form.travelerName} ${form.travelerSurname}`, span: 2 },
      { label: both('passport'), value: form.passport },
      { label: both('documentExpiry'), value: formatDate(form.passportExpiry) },
      { label: both('issuingCountry'), value: country(form.issuedGovt) },
      { label: both('nationality'), value: country(form.nationality) },
      { label: both('residenceCountry'), value: country(form.residenceCountry ?? form.issuedGovt) },
      { label: both('residenceProof'), value: form.residenceProof },
      { label: both('dateOfBirth'), value: formatDate(form.travelerDob) },
      {
        label: both('address'),
        value: [form.travelerAddress, form.travelerPostcode].filter(Boolean).join(', '),
        span: 2,
      },
      { label: both('mobile'), value: form.travelerMobile },
      { label: both('email'), value: form.travelerEmail, span: 2 },
    ],
    PAGE.margin,
    CONTENT_WIDTH,
    4,
  );
}
