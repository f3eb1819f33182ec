import fs from 'node:fs';

/** A `/proc/<pid>/status` figure in kB (VmRSS: resident now, VmHWM: the peak resident set). */
export function procStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts the kernel's peak resident set (VmHWM) of a process again from its current size, so
 * each run reports its own peak. Linux allows it for a child we own; false elsewhere, and VmHWM
 * then counts from the process's start.
 */
export function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Reads the resident set every `everyMs` until stopped; answers the largest reading in kB. */
export function sampleRss(pid: number, everyMs = 100): { stop: () => number } {
  let largest = procStatusKb(pid, 'VmRSS') ?? 0;
  const timer = setInterval(() => {
    largest = Math.max(largest, procStatusKb(pid, 'VmRSS') ?? 0);
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(largest, procStatusKb(pid, 'VmRSS') ?? 0);
    },
  };
}

export const mib = (kb: number | undefined) =>
  kb === undefined ? null : Math.round((kb / 1024) * 10) / 10;
