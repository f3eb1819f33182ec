import type { Readable } from 'node:stream';
import type { Db, Tx } from '../../db/client.ts';

/** The row of a stored file that its content is found by. */
export type StoredContent = { id: number; companyId: number; name: string; size: number };

/** What a start-up recovery found and put right. */
export type Recovery = {
  /** Contents whose row never committed (a crash between the two), removed. */
  orphansRemoved: number;
  /** Contents kept in the database by earlier versions, moved to the store. */
  adopted: number;
  /** Scratch files of jobs a crash interrupted, removed. */
  scratchRemoved: number;
};

/**
 * Where the bytes of stored files live; their rows (name, type, size, hash, owner) are always in
 * the `stored_files` table. The embedded database keeps them as files beside it, a PostgreSQL
 * server in its own table (docs/decisions/013). Either way, content and row commit together: no
 * row is ever without its content, and content without a row is swept away.
 */
export type FileStore = {
  readonly kind: 'disk' | 'database';
  /**
   * Readies the local file `source` (in this store's scratch) to become the content of `name`,
   * before the transaction that inserts its row: the slow part of writing, done while no
   * transaction is open (the embedded database runs one transaction at a time, for everyone).
   * On disk the file is synced and moved into place, consumed; content whose row then never
   * commits is removed by `discard`, or at the next start.
   */
  stage(source: string, name: string): Promise<void>;
  /**
   * Completes the content of `file` inside the transaction that inserts its row (on a
   * PostgreSQL server: its chunks, read from `source`).
   */
  save(tx: Tx, file: StoredContent, source: string): Promise<void>;
  /** The content as a stream, or null when there is none. */
  open(file: StoredContent): Promise<Readable | null>;
  /** Removes the content of saves whose transaction did not commit (rows never written). */
  discard(names: string[]): Promise<void>;
  /**
   * Puts the store right after the process ended at any moment (`kill -9`): run at start-up,
   * before requests are taken, while this process has the store to itself.
   */
  recover(db: Db): Promise<Recovery>;
  /** Removes content without a row older than `olderThanMs` (housekeeping); answers how many. */
  sweep(db: Db, olderThanMs: number): Promise<number>;
  /** A folder for one job's scratch files, on the same file system as the store. */
  scratch(): Promise<Scratch>;
};

export type Scratch = {
  readonly dir: string;
  /** A path in the folder for a file the job writes. */
  path(name: string): string;
  /** Removes the folder and whatever is left in it. */
  remove(): Promise<void>;
};

/** A stored name: 128 random bits in hex, `-thumb` for a thumbnail, and the extension. */
export const STORED_NAME = /^[0-9a-f]{32}(-thumb)?\.[a-z0-9]{2,5}$/;
