import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '@taxfree/domain';
import { taxForms, travellers } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../../../../test/support/factories.ts';

let t: TestApp;
let shop: Retailer;
let token: string;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  token = await login(t.app, shop);
  today = dayIn(shop.timeZone);
});
afterAll(() => t.close());

const issue = (taxform: Record<string, unknown>, language: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms/issue`,
    headers: { ...bearer(token), 'accept-language': language },
    payload: issuePayload({ today, taxform }),
  });

const rows = async (table: typeof taxForms | typeof travellers) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

describe('POST …/taxforms/issue with a line break in a one-line field', () => {
  it('refuses a surname that would break the line, with the field message in the language asked for, and writes nothing', async () => {
    const before = { forms: await rows(taxForms), travellers: await rows(travellers) };

    const croatian = await issue({ traveler_surname: 'Horvat\r\n=7+7' }, 'hr');
    expect(croatian.statusCode).toBe(400);
    expect(croatian.json()).toMatchObject({
      status: 'error',
      code: 'VALIDATION_FAILED',
      errors: [
        {
          field: 'taxform.traveler_surname',
          message:
            'Upišite tekst u jednom retku, bez prijeloma retka, tabulatora i nevidljivih kontrolnih znakova',
        },
      ],
    });
    const english = await issue({ traveler_surname: 'Horvat\r\n=7+7' }, 'en');
    expect(english.json().errors).toEqual([
      {
        field: 'taxform.traveler_surname',
        message:
          'Please enter the text on one line, without line breaks, tabs or invisible control characters',
      },
    ]);

    expect({ forms: await rows(taxForms), travellers: await rows(travellers) }).toEqual(before);
  });

  it('issues the form of a traveller whose names carry accents, apostrophes and hyphens, and purchase details on several lines', async () => {
    const response = await issue(
      {
        traveler_name: "Đurđica-Ana D'Souza",
        traveler_surname: 'Šimić Žužić',
        passport: 'LINES0001',
        items: 'Wool coat\r\nSilk scarf',
      },
      'hr',
    );
    expect(response.statusCode).toBe(200);
  });
});
