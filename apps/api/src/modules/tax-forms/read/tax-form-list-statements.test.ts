import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../../test/support/build-app.ts';
import { BARCODE_MATCH, LIST_PAGE, SEARCHES } from './tax-forms.repository.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The plan's node types of `text` with its parameters written in, index scans preferred. */
async function planNodes(text: string, values: unknown[]): Promise<string[]> {
  const literal = (value: unknown) =>
    typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  const statement = text.replace(/\$(\d+)/g, (_, n: string) => literal(values[Number(n) - 1]));
  return t.database.db.transaction(async (tx) => {
    // A test database is small enough for a full read and a sort to look cheapest.
    await tx.execute(sql`set local enable_seqscan = off`);
    const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
      tx,
      sql.raw(`explain (format json) ${statement}`),
    );
    const plan = row!['QUERY PLAN'];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
    const nodes: string[] = [];
    const walk = (node: PlanNode) => {
      nodes.push(node['Node Type']);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(parsed[0].Plan);
    return nodes;
  });
}
type PlanNode = { 'Node Type': string; Plans?: PlanNode[] };

describe('the list statements', () => {
  it('read the page in the list index order, without sorting it', async () => {
    const nodes = await planNodes(LIST_PAGE.text, [1, 1, 5, 0]);
    expect(nodes).toContain('Index Scan');
    expect(nodes.filter((node) => node.includes('Sort'))).toEqual([]);
  });

  it('find a scanned barcode through an index', async () => {
    expect(await planNodes(BARCODE_MATCH.text, [1, 1, '000010000000014'])).toContain('Index Scan');
  });

  it('have one statement for each number of words, each with its own name', () => {
    expect(new Set(SEARCHES.map((statement) => statement.name)).size).toBe(SEARCHES.length);
    SEARCHES.forEach((statement, index) => {
      expect(statement.text.match(/search_text ilike/g)).toHaveLength(index + 1);
    });
  });
});
