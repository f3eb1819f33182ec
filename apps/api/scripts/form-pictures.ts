/**
 * The printed form's pictures in docs/configuration.md: for each country the portal serves, a shop
 * issues a typical form through the API, prints it, and page 1 of the PDF is drawn as a PNG with
 * pdftoppm (Debian's poppler-utils). Writes docs/forms/<country>.pdf and docs/forms/<country>.png.
 *
 *   npm run forms:pictures -w @taxfree/api
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { dayIn, type SupportedCountry } from '@taxfree/domain';
import { countries } from '../src/db/schema/index.ts';
import { createTestApp } from '../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  invoiceOfLines,
  issuePayload,
  login,
} from '../test/support/factories.ts';

const out = path.resolve(import.meta.dirname, '../../../docs/forms');

const SHOPS: Record<
  SupportedCountry,
  {
    /** As a clerk types it on Shop information: the shop keeps the VAT number normalised. */
    legal: { legal_name: string; legal_address: string; vat_number: string };
    lines: { rate: number; gross: number }[];
    traveller: {
      name: string;
      surname: string;
      passport: string;
      country: string;
      address: string;
      email: string;
    };
    branch: string;
    items: string;
  }
> = {
  HR: {
    legal: {
      legal_name: 'Jadran Moda d.o.o.',
      legal_address: 'Ilica 12, 10000 Zagreb',
      vat_number: '694 351 515 30',
    },
    lines: [
      { rate: 25, gross: 389_00 },
      { rate: 13, gross: 45_20 },
    ],
    traveller: {
      name: 'Wei',
      surname: 'Zhang',
      passport: 'E12345678',
      country: 'CN',
      address: '1 Chang An Avenue, Beijing',
      email: 'wei.zhang@mail.example',
    },
    branch: 'Jadran Moda – Ilica',
    items: 'Wool coat, leather gloves; olive oil 2 × 0.5 l',
  },
  SI: {
    legal: {
      legal_name: 'Alpska Obutev d.o.o.',
      legal_address: 'Čopova 3, 1000 Ljubljana',
      vat_number: '1501 2557',
    },
    lines: [
      { rate: 22, gross: 244_00 },
      { rate: 9.5, gross: 32_85 },
    ],
    traveller: {
      name: 'Emily',
      surname: 'Carter',
      passport: '561234987',
      country: 'US',
      address: '42 Elm Street, Boulder, CO 80302',
      email: 'emily.carter@mail.example',
    },
    branch: 'Alpska Obutev – Čopova',
    items: 'Hiking boots, wool socks; honey 3 jars',
  },
  RS: {
    legal: {
      legal_name: 'Kalemegdan Trgovina d.o.o.',
      legal_address: 'Knez Mihailova 12, 11000 Beograd',
      vat_number: '101 134 702',
    },
    lines: [
      { rate: 20, gross: 18_000_00 },
      { rate: 10, gross: 2_200_00 },
    ],
    traveller: {
      name: 'Ahmet',
      surname: 'Yılmaz',
      passport: 'U09876543',
      country: 'TR',
      address: 'İstiklal Caddesi 120, İstanbul',
      email: 'ahmet.yilmaz@mail.example',
    },
    branch: 'Kalemegdan – Knez Mihailova',
    items: 'Silver necklace, leather handbag; coffee 1 kg',
  },
  BA: {
    legal: {
      legal_name: 'Baščaršija Zanat d.o.o.',
      legal_address: 'Ferhadija 5, 71000 Sarajevo',
      vat_number: '200123450005',
    },
    lines: [{ rate: 17, gross: 468_00 }],
    traveller: {
      name: 'Hamad',
      surname: 'Al Thani',
      passport: 'QA1234567',
      country: 'QA',
      address: 'Al Corniche Street 7, Doha',
      email: 'hamad.althani@mail.example',
    },
    branch: 'Baščaršija Zanat – Ferhadija',
    items: 'Hand-made copper coffee set (džezva, 6 fildžana)',
  },
};

const t = await createTestApp();
try {
  const ids = new Map(
    (await t.database.db.select().from(countries)).map((row) => [row.iso2, row.id]),
  );
  fs.mkdirSync(out, { recursive: true });
  for (const [country, shop] of Object.entries(SHOPS) as [
    SupportedCountry,
    (typeof SHOPS)['HR'],
  ][]) {
    const retailer = await createRetailerFixture(t.database.db, { country });
    const token = await login(t.app, retailer);
    // The shop's name and legal identity, saved on Shop information as a clerk does.
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/companies/${retailer.companyId}/retailers/${retailer.branchId}`,
      headers: bearer(token),
      payload: { branch_name: shop.branch, ...shop.legal },
    });
    if (saved.statusCode !== 200) throw new Error(`${country}: ${saved.body}`);
    const today = dayIn(retailer.timeZone);
    const base = `/api/v2/companies/${retailer.companyId}/retailers/${retailer.branchId}/taxforms`;
    const issued = await t.app.inject({
      method: 'POST',
      url: `${base}/issue`,
      headers: { ...bearer(token), 'idempotency-key': `pictures-${country}` },
      payload: issuePayload({
        today,
        taxform: {
          traveler_name: shop.traveller.name,
          traveler_surname: shop.traveller.surname,
          passport: shop.traveller.passport,
          issued_govt: ids.get(shop.traveller.country),
          nationality: ids.get(shop.traveller.country),
          items: shop.items,
          traveler_address: shop.traveller.address,
          traveler_email: shop.traveller.email,
          passport_expiry: '2032-05-31',
        },
        invoice: [invoiceOfLines(`${country}-2026-00417`, today, shop.lines)],
      }),
    });
    if (issued.statusCode !== 200) throw new Error(`${country}: ${issued.body}`);
    const { id } = issued.json<{ data: { id: number } }>().data;
    const link = (
      await t.app.inject({ url: `${base}/download/${id}`, headers: bearer(token) })
    ).json<{
      data: string;
    }>().data;
    const pdf = (await t.app.inject({ url: `/uploads/electronic/${link}` })).rawPayload;
    const file = path.join(out, country.toLowerCase());
    fs.writeFileSync(`${file}.pdf`, pdf);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      `${file}.pdf`,
      file,
    ]);
    console.log(`${country}: ${file}.pdf, ${file}.png`);
  }
} finally {
  await t.close();
}
