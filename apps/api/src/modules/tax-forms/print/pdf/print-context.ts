import type { Language } from '@taxfree/domain';

/** What a form's print needs besides the form: the shop that prints it, and country names. */
export type PrintContext = {
  company: {
    /** The seller as registered: printed as the form's seller. */
    legalName: string | null;
    name: string;
    address: string | null;
    vatNumber: string | null;
    currency: string;
    /** ISO 3166-1 alpha-2: decides the form, its language and the traveller's declaration. */
    country: string;
    /** IANA zone of the shop: the form is dated by its calendar. */
    timeZone: string;
  };
  branchName: string;
  /** A country's name in a language, by the countries table's id ('' for none). */
  countryName: (id: number | null, language: Language) => string;
  /**
   * The portal's public address: the form says where the traveller follows it (the status page).
   * Without it, the form carries the verification code alone.
   */
  publicUrl?: string;
};
