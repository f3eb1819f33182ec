import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../src/db/schema/index.ts';
import { createRetailerFixture, type Retailer } from '../support/factories.ts';
import {
  createServerStore,
  signInOver,
  startServerProcess,
  startSettings,
  type ServerProcess,
  type ServerStore,
} from '../support/server-process.ts';
import { noisePng, uploadOf } from '../support/upload-bodies.ts';

const CLIENTS = 4;

let store: ServerStore;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.kill('SIGKILL');
  await store?.remove();
});

/** Every file under `folder`, as paths relative to it. */
function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

describe('a server killed with SIGKILL while shops upload pictures', () => {
  it('leaves no stored file without its content and no content without its row, once restarted', async () => {
    store = await createServerStore();
    const setup = await store.open();
    const shops: Retailer[] = [];
    for (let i = 0; i < CLIENTS; i += 1) shops.push(await createRetailerFixture(setup.database.db));
    await setup.close();

    const production = startSettings();
    const options = { store, env: production.env, nodeFlags: production.nodeFlags };
    server = await startServerProcess(options);
    const first = server;
    const tokens = await Promise.all(shops.map((shop) => signInOver(first.url, shop)));
    // Three pictures of 4.8 MB a request: long enough to be cut off in every phase.
    const body = uploadOf(await Promise.all(Array.from({ length: 3 }, () => noisePng())));

    const acknowledged: string[] = [];
    const refused: string[] = [];
    const clients = tokens.map(async (token) => {
      for (;;) {
        let response: Response;
        try {
          response = await fetch(`${first.url}/core-service/fileupload/temp`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, ...body.headers },
            body: new Uint8Array(body.payload),
          });
          const text = await response.text();
          if (response.status !== 200) refused.push(`${response.status} ${text}`);
          else
            acknowledged.push(
              ...Object.values((JSON.parse(text) as { data: Record<string, string> }).data),
            );
        } catch {
          return; // the server is gone
        }
      }
    });
    // Killed at a moment of its own after a few uploads were answered, others being under way.
    while (acknowledged.length < 6) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, crypto.randomInt(50, 400)));
    expect((await first.kill('SIGKILL')).signal).toBe('SIGKILL');
    await Promise.all(clients);
    expect(refused).toEqual([]);

    // Restarted on the same data, it puts the store right by itself before it answers.
    server = await startServerProcess(options);
    const stopped = await server.kill('SIGTERM');
    expect(stopped.code).toBe(0);
    server = undefined;

    const check = await store.open();
    try {
      // The restarted server left nothing for this second start to put right.
      expect(check.recovery).toEqual({ orphansRemoved: 0, adopted: 0, scratchRemoved: 0 });
      const { database } = check;
      const rows = await database.db
        .select({
          id: storedFiles.id,
          companyId: storedFiles.companyId,
          name: storedFiles.name,
          size: storedFiles.size,
          sha256: storedFiles.sha256,
        })
        .from(storedFiles);
      const names = new Set(rows.map((row) => row.name));
      for (const name of acknowledged) expect(names.has(name), name).toBe(true);
      // Every row has its content, whole.
      for (const row of rows) {
        const content = await database.files.open(row);
        expect(content, row.name).not.toBeNull();
        const bytes = await buffer(content!);
        expect(bytes.length, row.name).toBe(row.size);
        expect(crypto.createHash('sha256').update(bytes).digest('hex'), row.name).toBe(row.sha256);
      }
      // Every content has its row, and no scratch file of the killed process is left.
      if (database.files.kind === 'disk') {
        const onDisk = filesUnder(path.join(store.dataDir, 'files')).map((f) => path.basename(f));
        expect(onDisk.sort()).toEqual([...names].sort());
      }
      expect(filesUnder(path.join(store.dataDir, 'tmp'))).toEqual([]);
    } finally {
      await check.close();
    }
  }, 180_000);
});
