import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another server process (pid ${pid}). ` +
        'The embedded database can only be opened by one process: stop the other server, ' +
        'or give this one its own DATA_DIR. Operator commands (npm run cli) work while it runs.',
    );
  }
}

const lockFile = (dataDir: string) => path.join(dataDir, 'server.lock');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of the live process that holds the folder, if any. */
export function lockHolder(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(lockFile(dataDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the exclusive lock on an embedded data folder. PGlite itself does not lock its files,
 * and two processes writing one folder corrupt it. A lock left by a process that died (a crash,
 * SIGKILL) is taken over, so a restart needs no manual repair.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(dataDir);
      if (holder !== undefined && holder !== process.pid)
        throw new DataDirLockedError(dataDir, holder);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}
