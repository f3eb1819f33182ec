import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { createRetailerFixture, issuePayload, type Retailer } from '../support/factories.ts';
import {
  createServerStore,
  signInOver,
  startServerProcess,
  type ServerProcess,
  type ServerStore,
} from '../support/server-process.ts';

const CLIENTS = 50;
/** How long the clients issue forms before the server is killed. */
const LOAD_MS = 2_500;

type Sent = {
  key: string;
  passport: string;
  payload: ReturnType<typeof issuePayload>;
  withProducts: boolean;
};
type Acknowledged = Sent & { id: number; barcode: string };

const products = [
  {
    classification: '6201',
    description: 'Wool coat',
    quantity: 1,
    serial_number: 'SN-1',
    net_amount: 80,
    vat_rate: 25,
    simplified_invoice_number: '',
    simplified_invoice_date: '',
  },
  {
    classification: '4202',
    description: 'Leather bag',
    quantity: 2,
    serial_number: '',
    net_amount: 40,
    vat_rate: 13,
    simplified_invoice_number: '',
    simplified_invoice_date: '',
  },
];

let store: ServerStore;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.kill('SIGKILL');
  await store?.remove();
});

function issueOver(url: string, token: string, retailer: Retailer, sent: Sent) {
  return fetch(
    `${url}/api/v2/companies/${retailer.companyId}/retailers/${retailer.branchId}/taxforms/issue`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': sent.key,
      },
      body: JSON.stringify(sent.payload),
    },
  );
}

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += width)
    await Promise.all(items.slice(i, i + width).map(work));
}

describe('a server killed with SIGKILL while 50 clients issue forms', () => {
  it('keeps every acknowledged form whole, leaves nothing half-written and restarts by itself', async () => {
    store = await createServerStore();
    const setup = await store.open();
    const retailer = await createRetailerFixture(setup.database.db);
    await setup.close();

    server = await startServerProcess({ store });
    const first = server;
    const token = await signInOver(first.url, retailer);

    const acknowledged: Acknowledged[] = [];
    const unanswered: Sent[] = [];
    const refused: { status: number; body: string }[] = [];
    const run = crypto.randomBytes(3).toString('hex');
    const client = async (c: number) => {
      for (let n = 0; ; n += 1) {
        const withProducts = (c + n) % 2 === 0;
        const passport = `K${run}${c}N${n}`.toUpperCase();
        const key = `crash-${run}-${c}-${n}`;
        const payload = issuePayload({ taxform: { passport, items: key } });
        if (withProducts) payload.products = products as never[];
        const sent: Sent = { key, passport, payload, withProducts };
        let response: Response;
        try {
          response = await issueOver(first.url, token, retailer, sent);
        } catch {
          // The connection broke or was refused: no answer, the form may or may not exist.
          unanswered.push(sent);
          return;
        }
        let text: string;
        try {
          text = await response.text();
        } catch {
          unanswered.push(sent);
          return;
        }
        if (response.status >= 200 && response.status < 300) {
          const body = JSON.parse(text) as { data: { id: number; barcode: string } };
          acknowledged.push({ ...sent, ...body.data });
        } else refused.push({ status: response.status, body: text });
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
    // Killed after LOAD_MS, or later on a machine too busy to have acknowledged a few forms by then.
    const loadStarted = Date.now();
    while (
      Date.now() - loadStarted < LOAD_MS ||
      (acknowledged.length < 10 && Date.now() - loadStarted < 15_000)
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    const killed = await first.kill('SIGKILL');
    await Promise.all(clients);
    expect(killed.signal).toBe('SIGKILL');
    expect(refused).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(10);
    expect(unanswered.length).toBe(CLIENTS);

    // The same data, no repair: the server starts and answers /healthz.
    server = await startServerProcess({ store });
    const second = server;
    const base = `${second.url}/api/v2/companies/${retailer.companyId}/retailers/${retailer.branchId}/taxforms`;
    const headers = { authorization: `Bearer ${token}` };

    // Every acknowledged form is there, whole, as the API shows it.
    await inBatches(acknowledged, 10, async (form) => {
      const detail = await fetch(`${base}/${form.id}`, { headers });
      expect(detail.status).toBe(200);
      const { data } = (await detail.json()) as {
        data: {
          taxforms: { barcode: string; passport: string; gross_amount: number };
          invoice: { breakdown: { net_sales_amount: number }[] }[];
          products: { description: string; quantity: number }[];
        };
      };
      expect(data.taxforms).toMatchObject({
        barcode: form.barcode,
        passport: form.passport,
        gross_amount: 147.6,
      });
      expect(data.invoice).toHaveLength(1);
      expect(data.invoice[0]!.breakdown.map((l) => l.net_sales_amount)).toEqual([100, 20]);
      expect(data.products.map((p) => [p.description, p.quantity])).toEqual(
        form.withProducts
          ? [
              ['Wool coat', 1],
              ['Leather bag', 2],
            ]
          : [],
      );
      const stat = await fetch(`${base}/stat/${form.id}`, { headers });
      expect(stat.status).toBe(200);
      const stages = ((await stat.json()) as { data: { stages: { stage: string }[] } }).data.stages;
      expect(stages.map((s) => s.stage)).toEqual(['FORM_SUBMITTED']);
    });

    // A request that got no answer is retried with its key: one form per key, never two.
    const retried = new Map<string, number>();
    await inBatches(unanswered, 10, async (sent) => {
      const [a, b] = await Promise.all([
        issueOver(second.url, token, retailer, sent),
        issueOver(second.url, token, retailer, sent),
      ]);
      // The second of two simultaneous retries waits for the first and replays its answer.
      expect(
        [a.status, b.status],
        [await a.clone().text(), await b.clone().text(), second.output()].join('\n'),
      ).toEqual([200, 200]);
      const ids = await Promise.all(
        [a, b].map(async (r) => ((await r.json()) as { data: { id: number } }).data.id),
      );
      expect(ids[0]).toBe(ids[1]);
      retried.set(sent.passport, ids[0]!);
    });

    const stopped = await second.kill('SIGTERM');
    expect(stopped.code).toBe(0);
    server = undefined;

    // The database itself: nothing half-written, nothing twice.
    const check = await store.open();
    try {
      const db = check.database.db;
      const forms = await queryRows<{ id: string; passport: string; barcode: string }>(
        db,
        sql`select id::text, passport, barcode from tax_forms where company_id = ${retailer.companyId}`,
      );
      const byPassport = new Map<string, number[]>();
      for (const f of forms)
        byPassport.set(f.passport, [...(byPassport.get(f.passport) ?? []), Number(f.id)]);
      for (const form of acknowledged) expect(byPassport.get(form.passport)).toEqual([form.id]);
      for (const sent of unanswered)
        expect(byPassport.get(sent.passport)).toEqual([retried.get(sent.passport)]);
      expect(forms).toHaveLength(acknowledged.length + unanswered.length);
      expect(new Set(forms.map((f) => f.barcode)).size).toBe(forms.length);

      const halfWritten = await queryRows<{ problem: string; id: string }>(
        db,
        sql`select 'form without invoices' as problem, f.id::text as id from tax_forms f
              where not exists (select 1 from invoices i where i.tax_form_id = f.id)
            union all
            select 'invoice without lines', i.id::text from invoices i
              where not exists (select 1 from breakdown_lines l where l.invoice_id = i.id)
            union all
            select 'form without its first stage', f.id::text from tax_forms f
              where not exists (select 1 from form_stages s where s.tax_form_id = f.id and s.stage = 'FORM_SUBMITTED')
            union all
            select 'form without audit entry', f.id::text from tax_forms f
              where not exists (select 1 from audit_log a
                where a.entity = 'tax_form' and a.action = 'form.issue' and a.entity_id = f.id::text)
            union all
            select 'invoice without form', i.id::text from invoices i
              where not exists (select 1 from tax_forms f where f.id = i.tax_form_id)
            union all
            select 'line without invoice', l.id::text from breakdown_lines l
              where not exists (select 1 from invoices i where i.id = l.invoice_id and i.tax_form_id = l.tax_form_id)
            union all
            select 'product row without form', p.id::text from product_rows p
              where not exists (select 1 from tax_forms f where f.id = p.tax_form_id)
            union all
            select 'stage without form', s.id::text from form_stages s
              where not exists (select 1 from tax_forms f where f.id = s.tax_form_id)
            union all
            select 'audit entry without form', a.entity_id from audit_log a
              where a.action = 'form.issue'
                and not exists (select 1 from tax_forms f where f.id::text = a.entity_id)
            union all
            select 'key without its answer', k.key from idempotency_keys k
              where k.status_code is null or k.response is null`,
      );
      expect(halfWritten).toEqual([]);

      const productCounts = await queryRows<{ passport: string; rows: number }>(
        db,
        sql`select f.passport, count(p.id)::int as rows from tax_forms f
              left join product_rows p on p.tax_form_id = f.id
            where f.company_id = ${retailer.companyId} group by f.passport`,
      );
      const sentWithProducts = new Set(
        [...acknowledged, ...unanswered].filter((s) => s.withProducts).map((s) => s.passport),
      );
      for (const row of productCounts)
        expect(row.rows, row.passport).toBe(sentWithProducts.has(row.passport) ? 2 : 0);
    } finally {
      await check.close();
    }
  }, 180_000);
});
