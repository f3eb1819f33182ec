import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock.ts';

describe('data folder lock', () => {
  it('refuses a second opener while the first lives, and takes over a dead one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfr-lock-'));
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    fs.writeFileSync(path.join(dir, 'server.lock'), String(sleeper.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another server process/);
    sleeper.kill('SIGKILL');
    await new Promise((resolve) => sleeper.once('exit', resolve));
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
