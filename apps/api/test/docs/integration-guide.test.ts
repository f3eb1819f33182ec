import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRetailerFixture, type Retailer } from '../support/factories.ts';
import {
  createServerStore,
  freePort,
  signInOver,
  startServerProcess,
  type ServerProcess,
  type ServerStore,
} from '../support/server-process.ts';

/**
 * docs/integration.md's samples, run as a reader would run them: every `sh` block, in order, in
 * one shell, against a real server, with curl and jq. A sample the API no longer answers as the
 * guide says fails here.
 */

const GUIDE = path.resolve(import.meta.dirname, '../../../../docs/integration.md');

let store: ServerStore;
let server: ServerProcess;
let retailer: Retailer;
let workDir: string;

beforeAll(async () => {
  store = await createServerStore();
  const setup = await store.open();
  retailer = await createRetailerFixture(setup.database.db);
  await setup.close();
  // The guide's receiver runs beside the portal, on loopback.
  server = await startServerProcess({ store, env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-guide-'));
  // The reader's project, with the packages the guide installs.
  fs.symlinkSync(
    path.resolve(import.meta.dirname, '../../../../node_modules'),
    path.join(workDir, 'node_modules'),
  );
}, 120_000);

afterAll(async () => {
  await server?.kill('SIGTERM');
  await store?.remove();
  fs.rmSync(workDir, { recursive: true, force: true });
});

const shellBlocks = (markdown: string) =>
  [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);

describe('the integration guide', () => {
  it('runs from the key, the webhook and the typed client to the revocation as written', async () => {
    const blocks = shellBlocks(fs.readFileSync(GUIDE, 'utf8'));
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    const token = await signInOver(server.url, retailer);
    const run = spawnSync('bash', ['-euo', 'pipefail', '-c', blocks.join('\n')], {
      cwd: workDir,
      encoding: 'utf8',
      timeout: 150_000,
      env: {
        PATH: process.env.PATH,
        HOME: workDir,
        PORTAL: server.url,
        TOKEN: token,
        COMPANY: String(retailer.companyId),
        BRANCH: String(retailer.branchId),
        RECEIVER_PORT: String(await freePort()),
      },
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/^key ending in .{4}$/m);
    const barcode = /^issued form (\d+)$/m.exec(run.stdout)?.[1];
    expect(barcode).toBeDefined();
    const typed = /^typed client issued form (\d+)$/m.exec(run.stdout)?.[1];
    expect(typed).toBeDefined();

    // The receiver verified and kept each event once: the two issues, in their order.
    const events = fs
      .readFileSync(path.join(workDir, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; data: { barcode: string } });
    expect(events.map((event) => [event.type, event.data.barcode])).toEqual([
      ['taxform.issued', barcode],
      ['taxform.issued', typed],
    ]);

    // The retried sale made no second form: the branch holds the two the key issued.
    const list = await fetch(
      `${server.url}/api/v2/companies/${retailer.companyId}/retailers/${retailer.branchId}/taxforms`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const forms = ((await list.json()) as { data: { barcode: string }[] }).data;
    expect(forms.map((form) => form.barcode).sort()).toEqual([barcode, typed].sort());
  }, 180_000);
});
