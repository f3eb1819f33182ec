import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/client.ts';
import { createTestApp, type TestApp } from '../test/support/build-app.ts';
import {
  bearer,
  createRetailerFixture,
  issuePayload,
  login,
  type Retailer,
} from '../test/support/factories.ts';

const CARD = '5555 5555 5555 4444';
const IBAN = 'DE89 3704 0044 0532 0130 00';
/** Each secret as typed and without its spaces, and a long middle part that must not leak either. */
const leaks = (text: string) =>
  [CARD, CARD.replace(/\s/g, ''), '55555555', IBAN, IBAN.replace(/\s/g, ''), '370400440532'].filter(
    (secret) => text.includes(secret),
  );

let t: TestApp;
let shop: Retailer;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  // The most talkative level: whatever the server could log, it must not log a card or an IBAN.
  t = await createTestApp({}, { logStream: stream, logLevel: 'trace' });
  shop = await createRetailerFixture(t.database.db);
});
afterAll(() => t.close());

describe('card numbers and IBANs', () => {
  it('are unreadable in every table and absent from the logs, whatever the form went through', async () => {
    const token = await login(t.app, shop);
    const base = `/api/v2/companies/${shop.companyId}/retailers/${shop.branchId}/taxforms`;
    const issue = (taxform: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `${base}/issue`,
        headers: bearer(token),
        payload: issuePayload({ taxform }),
      });
    const byCard = await issue({ method_of_refund: 'option2', acc_details: CARD });
    const byBank = await issue({
      passport: 'E87654321',
      method_of_refund: 'option6',
      acc_details: '',
      iban: IBAN,
      swift: 'COBADEFFXXX',
      bank_name: 'Commerzbank',
      bank_address: 'Kaiserplatz, Frankfurt am Main',
    });
    expect([byCard.statusCode, byBank.statusCode]).toEqual([200, 200]);
    // A refused form (bad check digit) must not leave its number in a log line either.
    await issue({ method_of_refund: 'option2', acc_details: '5555 5555 5555 4445' });
    for (const { id } of [byCard.json().data, byBank.json().data] as { id: number }[]) {
      const detail = await t.app.inject({ url: `${base}/${id}`, headers: bearer(token) });
      expect(leaks(detail.body)).toEqual([]);
      await t.app.inject({ url: `${base}/download/${id}`, headers: bearer(token) });
    }
    await t.app.inject({ url: `${base}?search=5555`, headers: bearer(token) });

    // The whole database as text, table by table, column by column. Binary columns (a stored
    // file's bytes on PostgreSQL) are read as the text they hold, not as hexadecimal: a printed
    // form's bytes written in hex may hold "55555555" by chance (four bytes 0x55), no card's digits.
    const columns = await queryRows<{ table: string; column: string; type: string }>(
      t.database.db,
      sql`select c.table_name as table, c.column_name as column, c.data_type as type
          from information_schema.columns c
          join pg_tables p on p.tablename = c.table_name and p.schemaname = c.table_schema
          where c.table_schema = 'public' order by c.table_name, c.ordinal_position`,
    );
    const tables = [...new Set(columns.map((c) => c.table))];
    expect(tables.length).toBeGreaterThan(15);
    let dump = '';
    for (const table of tables) {
      const values = columns
        .filter((c) => c.table === table)
        .map((c) =>
          c.type === 'bytea'
            ? sql`encode(${sql.identifier(c.column)}, 'escape')`
            : sql`${sql.identifier(c.column)}::text`,
        );
      const rows = await queryRows<{ row: string }>(
        t.database.db,
        sql`select concat_ws(' ', ${sql.join(values, sql`, `)}) as row from ${sql.identifier(table)}`,
      );
      dump += rows.map((r) => r.row).join('\n');
    }
    // The forms are there, kept with their last four characters for display.
    expect(dump).toContain('4444');
    expect(dump).toContain('3000');
    expect(leaks(dump)).toEqual([]);

    expect(lines.length).toBeGreaterThan(10);
    expect(leaks(lines.join('\n'))).toEqual([]);
    expect(lines.join('\n')).not.toContain('5555555555554445');
  });
});
