import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFileChunks, storedFiles } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/build-app.ts';
import { createRetailerFixture, type Retailer } from '../../../test/support/factories.ts';
import { storeFile, withStoredFiles } from '../stored-files.ts';
import { CHUNK_BYTES } from './database-store.ts';
import type { FileStore } from './file-store.ts';

let t: TestApp;
let shop: Retailer;
let files: FileStore;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createRetailerFixture(t.database.db);
  files = t.database.files;
});
afterAll(() => t.close());

const onDisk = (name: string) => path.join(t.dataDir, 'files', name.slice(0, 2), name);

/** Writes `bytes` to a scratch file of the store and answers its path. */
async function scratchFile(bytes: Buffer): Promise<string> {
  const scratch = await files.scratch();
  const source = scratch.path('source');
  await fs.promises.writeFile(source, bytes);
  return source;
}

async function row(name: string) {
  const [found] = await t.database.db
    .select({
      id: storedFiles.id,
      companyId: storedFiles.companyId,
      name: storedFiles.name,
      size: storedFiles.size,
      sha256: storedFiles.sha256,
    })
    .from(storedFiles)
    .where(eq(storedFiles.name, name));
  return found;
}

async function store(bytes: Buffer): Promise<string> {
  const source = await scratchFile(bytes);
  const file = {
    companyId: shop.companyId,
    kind: 'image',
    contentType: 'image/png',
    extension: 'png',
    temporary: true,
  } as const;
  const [name] = await withStoredFiles(
    t.database.db,
    files,
    [{ file, source }],
    async (_tx, names) => names,
  );
  return name!;
}

describe('the file store', () => {
  it('keeps a file larger than a chunk and answers its bytes whole, with their size and hash', async () => {
    const bytes = crypto.randomBytes(CHUNK_BYTES * 2 + 12_345);
    const name = await store(bytes);
    const stored = await row(name);
    expect(stored).toMatchObject({
      size: bytes.length,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    });
    const content = await files.open(stored!);
    expect(content).not.toBeNull();
    expect((await buffer(content!)).equals(bytes)).toBe(true);
    if (files.kind === 'database') {
      const [chunks] = await t.database.db
        .select({ n: count() })
        .from(storedFileChunks)
        .where(eq(storedFileChunks.fileId, stored!.id));
      expect(chunks!.n).toBe(3);
    } else {
      expect(fs.readFileSync(onDisk(name)).equals(bytes)).toBe(true);
    }
  });

  it('keeps nothing of a file whose transaction does not commit', async () => {
    const chunkCount = async () =>
      (await t.database.db.select({ n: count() }).from(storedFileChunks))[0]!.n;
    const chunksBefore = await chunkCount();
    const source = await scratchFile(crypto.randomBytes(1000));
    const file = {
      companyId: shop.companyId,
      kind: 'pdf',
      contentType: 'application/pdf',
      extension: 'pdf',
      temporary: false,
    } as const;
    let stored = '';
    await expect(
      withStoredFiles(t.database.db, files, [{ file, source }], async (_tx, [name]) => {
        stored = name!;
        // On disk the content is in place by now, before the transaction's end.
        if (files.kind === 'disk') expect(fs.existsSync(onDisk(stored))).toBe(true);
        throw new Error('the rest of the change failed');
      }),
    ).rejects.toThrow('the rest of the change failed');
    expect(stored).toMatch(/\.pdf$/);
    expect(await row(stored)).toBeUndefined();
    expect(fs.existsSync(onDisk(stored))).toBe(false);
    expect(await chunkCount()).toBe(chunksBefore);
  });

  it('removes the content of a deleted file with its row, or with the sweep once it is old', async () => {
    const name = await store(crypto.randomBytes(2000));
    const stored = (await row(name))!;
    await t.database.db.delete(storedFiles).where(eq(storedFiles.id, stored.id));
    if (files.kind === 'database') {
      const [chunks] = await t.database.db
        .select({ n: count() })
        .from(storedFileChunks)
        .where(eq(storedFileChunks.fileId, stored.id));
      expect(chunks!.n).toBe(0);
      return;
    }
    // A young file may belong to a transaction about to commit: the sweep leaves it.
    expect(await files.sweep(t.database.db, 60 * 60 * 1000)).toBe(0);
    expect(fs.existsSync(onDisk(name))).toBe(true);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(onDisk(name), twoHoursAgo, twoHoursAgo);
    expect(await files.sweep(t.database.db, 60 * 60 * 1000)).toBe(1);
    expect(fs.existsSync(onDisk(name))).toBe(false);
  });
});

describe('recovery at start-up', () => {
  it('removes content whose row never committed and scratch files of ended jobs, keeping every stored file', async () => {
    const kept = await store(crypto.randomBytes(500));
    const scratch = await files.scratch();
    fs.writeFileSync(scratch.path('half-received'), 'partial upload');
    const orphan = `${crypto.randomBytes(16).toString('hex')}.png`;
    if (files.kind === 'disk') {
      fs.mkdirSync(path.dirname(onDisk(orphan)), { recursive: true });
      fs.writeFileSync(onDisk(orphan), 'placed before a crash, row never committed');
    }

    const recovery = await files.recover(t.database.db);
    expect(recovery.scratchRemoved).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(scratch.path('half-received'))).toBe(false);
    if (files.kind === 'disk') {
      expect(recovery.orphansRemoved).toBe(1);
      expect(fs.existsSync(onDisk(orphan))).toBe(false);
    }
    const content = await files.open((await row(kept))!);
    expect((await buffer(content!)).length).toBe(500);
  });

  it('serves content an earlier version kept in the database, moved to disk when embedded', async () => {
    const bytes = crypto.randomBytes(3000);
    // As migration 0007 leaves an earlier version's file: its row, and its bytes in one chunk.
    const name = await t.database.db.transaction(async (tx) => {
      const legacy = `${crypto.randomBytes(16).toString('hex')}.jpg`;
      const [inserted] = await tx
        .insert(storedFiles)
        .values({
          companyId: shop.companyId,
          name: legacy,
          kind: 'image',
          contentType: 'image/jpeg',
          size: bytes.length,
          sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
          temporary: 0,
        })
        .returning({ id: storedFiles.id });
      await tx
        .insert(storedFileChunks)
        .values({ companyId: shop.companyId, fileId: inserted!.id, seq: 0, data: bytes });
      return legacy;
    });

    const recovery = await files.recover(t.database.db);
    const content = await files.open((await row(name))!);
    expect((await buffer(content!)).equals(bytes)).toBe(true);
    if (files.kind === 'disk') {
      expect(recovery.adopted).toBe(1);
      expect(fs.readFileSync(onDisk(name)).equals(bytes)).toBe(true);
      const [chunks] = await t.database.db.select({ n: count() }).from(storedFileChunks);
      expect(chunks!.n).toBe(0);
    }
  });

  it('stores a file through storeFile inside a caller-made transaction', async () => {
    const source = await scratchFile(Buffer.from('%PDF-1.7 tiny'));
    const name = await t.database.db.transaction((tx) =>
      storeFile(
        tx,
        files,
        {
          companyId: shop.companyId,
          kind: 'pdf',
          contentType: 'application/pdf',
          extension: 'pdf',
          temporary: false,
        },
        source,
      ),
    );
    const content = await files.open((await row(name))!);
    expect((await buffer(content!)).toString()).toBe('%PDF-1.7 tiny');
  });
});
