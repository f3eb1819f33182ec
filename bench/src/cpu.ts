import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** The kernel's clock ticks per second, in which /proc/<pid>/stat counts CPU time (100 if unknown). */
const TICKS_PER_SECOND = (() => {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isInteger(ticks) && ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
})();

/**
 * The CPU time a process has used, user and system together (fields 14 and 15 of
 * `/proc/<pid>/stat`), in clock ticks; undefined where it cannot be read.
 */
export function cpuTicks(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2, the command, is in parentheses and may hold spaces: count on from its end (field 3).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[14 - 3]) + Number(fields[15 - 3]);
  } catch {
    return undefined;
  }
}

/** CPU ms per answered request from a process's ticks before and after a run, to 0.01 ms. */
export function cpuMsPerCall(
  before: number | undefined,
  after: number | undefined,
  requests: number,
): number | null {
  if (before === undefined || after === undefined || requests === 0) return null;
  const ms = ((after - before) / TICKS_PER_SECOND) * 1000;
  return Math.round((ms / requests) * 100) / 100;
}
