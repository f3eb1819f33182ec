import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Scratch } from './file-store.ts';

/**
 * Scratch folders of one process: `<root>/<pid>/<job>/`. A process that ended without cleaning
 * up (killed) leaves its pid's folder, which the next start removes once no process of that pid
 * runs; a process never touches another live process's folder (several may share a DATA_DIR on
 * PostgreSQL).
 */
export function scratchFolders(root: string) {
  const own = path.join(root, String(process.pid));

  return {
    async create(): Promise<Scratch> {
      const dir = path.join(own, crypto.randomBytes(8).toString('hex'));
      await fs.promises.mkdir(dir, { recursive: true });
      return {
        dir,
        path: (name: string) => path.join(dir, name),
        remove: () => fs.promises.rm(dir, { recursive: true, force: true }),
      };
    },

    /** Removes what ended processes left (and this pid's, from an earlier life); answers how many files. */
    async removeAbandoned(options: { all: boolean }): Promise<number> {
      let entries: string[];
      try {
        entries = await fs.promises.readdir(root);
      } catch {
        return 0;
      }
      let removed = 0;
      for (const entry of entries) {
        const pid = Number(entry);
        if (!options.all && Number.isInteger(pid) && pid !== process.pid && isRunning(pid))
          continue;
        const dir = path.join(root, entry);
        removed += await countFiles(dir);
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
      return removed;
    },
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function countFiles(dir: string): Promise<number> {
  try {
    const entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
}
