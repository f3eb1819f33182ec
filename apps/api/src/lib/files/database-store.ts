import fs from 'node:fs';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { FileStore, StoredContent } from './file-store.ts';
import { scratchFolders } from './scratch.ts';

/**
 * Bytes per chunk: large enough that a picture is a handful of statements, small enough that
 * reading or writing one holds little memory.
 */
export const CHUNK_BYTES = 256 * 1024;

/**
 * A PostgreSQL server's files: the bytes in `stored_file_chunks`, beside their rows, so that
 * every server process sees the same files and one dump backs everything up. Written inside the
 * transaction that inserts the row (so they commit or vanish together), as binary parameters
 * (node-postgres sends a Buffer as bytes, never as hex text). Read a chunk at a time as the client
 * takes them, so a download holds one chunk, not the file. node-postgres reads every answered
 * field as text (its binary result mode mangles bytea), so a chunk arrives as 512 KiB of hex that
 * is decoded natively: bounded by the chunk, not by the file.
 */
export function createDatabaseStore(options: { pool: pg.Pool; scratchRoot: string }): FileStore {
  const { pool } = options;
  const scratch = scratchFolders(options.scratchRoot);

  async function chunk(fileId: number, seq: number): Promise<Buffer | null> {
    const result = await pool.query<{ data: Buffer }>({
      name: 'stored_file_chunk',
      text: 'select data from stored_file_chunks where file_id = $1 and seq = $2',
      values: [fileId, seq],
    });
    return result.rows[0]?.data ?? null;
  }

  return {
    kind: 'database',

    // Nothing to do before the transaction: the chunks commit with their row.
    async stage() {},

    async save(tx, file, source) {
      let seq = 0;
      const stream = fs.createReadStream(source, { highWaterMark: CHUNK_BYTES });
      for await (const data of stream as AsyncIterable<Buffer>) {
        await tx.execute(
          sql`insert into stored_file_chunks (company_id, file_id, seq, data)
            values (${file.companyId}, ${file.id}, ${seq}, ${data})`,
        );
        seq += 1;
      }
    },

    async open(file: StoredContent): Promise<Readable | null> {
      const first = await chunk(file.id, 0);
      if (!first) return file.size === 0 ? Readable.from([]) : null;
      let seq = 1;
      return new Readable({
        // One chunk is fetched when the client has taken the last one: a slow reader holds one.
        read() {
          if (seq === 1) {
            seq += 1;
            this.push(first);
            return;
          }
          chunk(file.id, seq - 1).then(
            (data) => {
              seq += 1;
              this.push(data);
            },
            (error: unknown) => this.destroy(error as Error),
          );
        },
      });
    },

    // Chunks belong to their row: a row that did not commit took them with it.
    async discard() {},

    async recover() {
      // Several processes may share the database; each only clears what ended processes left.
      const scratchRemoved = await scratch.removeAbandoned({ all: false });
      return { orphansRemoved: 0, adopted: 0, scratchRemoved };
    },

    // Chunks are deleted with their row (on delete cascade): none can outlive it.
    async sweep() {
      return 0;
    },

    scratch: () => scratch.create(),
  };
}
