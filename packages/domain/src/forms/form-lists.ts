/** A form's stages, the refund form list's filters, and the lists' page sizes. */

export const FORM_STAGES = [
  'FORM_SUBMITTED',
  'FORM_VALIDATED',
  'FORM_COLLECTED',
  'FORM_REFUNDED',
] as const;
export type FormStage = (typeof FORM_STAGES)[number];

/** The refund form list's stage filter, as the URL and the API's `stage` parameter spell it. */
export const FORM_LIST_STAGES = [
  'issued',
  'validated',
  'received',
  'refunded',
  'cancelled',
  'expired',
] as const;

/** Home's worklist: each count opens the list filtered to it. */
export const WORKLIST_FILTERS = ['to_refund', 'export_closing', 'expired_this_month'] as const;

export const FORM_LIST_FILTERS = [...FORM_LIST_STAGES, ...WORKLIST_FILTERS] as const;
export type FormListFilter = (typeof FORM_LIST_FILTERS)[number];

export const PAGE_SIZE = { taxforms: 5, promotions: 8, gallery: 8 } as const;
