import crypto from 'node:crypto';
import type { LoadRequest } from './load.ts';

export const SCENARIOS = {
  login: 'login',
  list: 'list page 1',
  barcode: 'search by barcode',
  surname: 'search by surname fragment',
  form: 'get one form',
  promotions: 'list promotions',
  issue: 'issue a form',
  pdf: 'print a form the first time (render)',
  reprint: 'print a stored form again',
  upload: 'upload 10 pictures of 4.8 MB',
} as const;
export type ScenarioKey = keyof typeof SCENARIOS;
export const SCENARIO_KEYS = Object.keys(SCENARIOS) as ScenarioKey[];

/** What the scenarios need to know about the benchmarked branch. */
export type ScenarioContext = {
  token: string;
  tenant: { companyId: number; branchId: number; accountNo: string };
  username: string;
  password: string;
  /** Forms of the branch to rotate over, so no answer is the same one again and again. */
  forms: { id: number; barcode: string }[];
  /** Forms never printed, each printed once by the first-print scenario. */
  unprintedForms: { id: number }[];
  /** Forms printed once before the reprint scenario: their PDFs are stored. */
  printedForms: { id: number }[];
  surname: string;
  /** The body of the upload scenario (ten noise PNGs), made once. */
  upload?: { body: Buffer; contentType: string };
};

/** Connection counts of the upload scenario: each request carries 48 MB. */
export const UPLOAD_MAX_CONNECTIONS = 10;

/** Connections of each run of the size curve. */
export const SIZE_CURVE_CONNECTIONS = 10;

/**
 * A surname fragment with diacritics, as staff type it: finds the Hodžić forms, one traveller in
 * sixty, so a company of 1,000 forms has some too.
 */
export const SURNAME_FRAGMENT = 'odžić';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A form as the issue drawer sends it: one invoice, one breakdown line, cash refund. Each has a
 * traveller of its own (`passport`), as a holiday queue has: one passport sent again and again
 * would make every issue wait for the one before it to update the same traveller.
 */
export function issueBody(passport = 'E12345678'): string {
  const date = today();
  return JSON.stringify({
    taxform: {
      traveler_name: 'Wei',
      traveler_surname: 'Zhang',
      traveler_email: '',
      traveler_mobile: '+86 138 0013 8000',
      passport,
      issued_govt: 42,
      nationality: 42,
      traveler_dob: '',
      traveler_postcode: '',
      traveler_address: '1 Chang An Avenue, Beijing',
      items: 'Coat',
      date_arrived: '',
      date_leaving: '',
      country_final: null,
      date_of_sales: date,
      invoice_date: '',
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
      invoice_reference_number: 'R-1',
      no_auto_calculation: 0,
    },
    invoice: [
      {
        invoice_date: date,
        invoice_reference_number: 'R-1',
        customer_refund: 25,
        gross_sales_price: 125,
        refund_amount: 25,
        vat_amount: 25,
        vat_product_rate: 25,
        breakdown: [
          {
            vat_product_rate: 25,
            net_sales_amount: 100,
            vat_amount: 25,
            gross_sales_price: 125,
            customer_refund: 25,
          },
        ],
      },
    ],
    products: [],
  });
}

/** Cycles through `values`, one per call. */
export function rotate<T>(values: T[]): () => T {
  let index = 0;
  return () => values[index++ % values.length]!;
}

/** The request of each scenario, as the web app sends it. */
export function scenarioRequest(key: ScenarioKey, context: ScenarioContext): LoadRequest {
  const { companyId, branchId, accountNo } = context.tenant;
  const branch = `/api/v2/companies/${companyId}/retailers/${branchId}`;
  const forms = `${branch}/taxforms`;
  const headers = { authorization: `Bearer ${context.token}`, 'accept-language': 'en' };
  const json = { 'content-type': 'application/json' };
  const nextForm = rotate(context.forms);
  switch (key) {
    case 'login':
      return {
        method: 'POST',
        path: '/api/v2/authorization',
        headers: { ...json, 'accept-language': 'en' },
        body: JSON.stringify({
          accountno: accountNo,
          username: context.username,
          password: context.password,
          apptype: 'WEB',
          environment: 'Production',
          deviceuid: 'bench-device',
          isRetailerWebPortal: true,
        }),
      };
    case 'list':
      return { method: 'GET', path: `${forms}?perPage=5&page=1&search=`, headers };
    case 'barcode':
      return {
        method: 'GET',
        path: forms,
        headers,
        next: () => ({ path: `${forms}?perPage=5&page=1&search=${nextForm().barcode}` }),
      };
    case 'surname':
      return {
        method: 'GET',
        path: `${forms}?perPage=5&page=1&search=${encodeURIComponent(context.surname)}`,
        headers,
      };
    case 'form':
      return {
        method: 'GET',
        path: forms,
        headers,
        next: () => ({ path: `${forms}/${nextForm().id}` }),
      };
    case 'promotions':
      return { method: 'GET', path: `${branch}/promotions?perPage=8&page=1&search=`, headers };
    case 'issue':
      // A new Idempotency-Key per request, as the drawer makes one per attempt.
      return {
        method: 'POST',
        path: `${forms}/issue`,
        headers: { ...headers, ...json },
        body: issueBody(),
        next: () => ({
          headers: { 'idempotency-key': crypto.randomUUID() },
          body: issueBody(`B${crypto.randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`),
        }),
      };
    case 'pdf': {
      const nextUnprinted = rotate(context.unprintedForms);
      return {
        method: 'GET',
        path: forms,
        headers,
        next: () => ({ path: `${forms}/download/${nextUnprinted().id}` }),
      };
    }
    case 'reprint': {
      const nextPrinted = rotate(context.printedForms);
      return {
        method: 'GET',
        path: forms,
        headers,
        next: () => ({ path: `${forms}/download/${nextPrinted().id}` }),
      };
    }
    case 'upload':
      if (!context.upload) throw new Error('the upload scenario needs its body');
      return {
        method: 'POST',
        path: '/core-service/fileupload/temp',
        headers: { ...headers, 'content-type': context.upload.contentType },
        body: context.upload.body,
        timeoutSeconds: 120,
        // What every other shop sees meanwhile: the health check and a signed-in list.
        probe: {
          health: { path: '/healthz' },
          list: { path: `${forms}?perPage=5&page=1&search=`, headers },
        },
      };
  }
}
