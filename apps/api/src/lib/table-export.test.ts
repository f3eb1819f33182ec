import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { neutralised, writeTable, type ExportCell, type ExportColumn } from './table-export.ts';

const columns: ExportColumn[] = [
  { header: 'Name', kind: 'text' },
  { header: 'Day', kind: 'date' },
  { header: 'Amount', kind: 'amount' },
];

/**
 * Endless batches of 1,000 rows, each read after a pause as PostgreSQL's answer comes (`timer`),
 * or at once without the event loop having a turn, as the embedded database answers (`none`).
 */
function endlessBatches(pause: 'timer' | 'none') {
  const state = { read: 0, closed: false };
  async function* batches(): AsyncGenerator<ExportCell[][]> {
    try {
      for (;;) {
        if (pause === 'timer') await sleep(2);
        state.read += 1;
        yield Array.from({ length: 1000 }, (_, i) => [
          `Traveller ${state.read}-${i} with a name long enough to weigh something`,
          '2026-11-24',
          1234.56,
        ]);
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, batches: batches() };
}

describe('writeTable', () => {
  for (const [format, pause] of [
    ['csv', 'timer'],
    ['xlsx', 'timer'],
    ['csv', 'none'],
    ['xlsx', 'none'],
  ] as const) {
    it(`reads no further while nobody takes the ${format} file (pause: ${pause}), and stops when it is closed`, async () => {
      const out = new PassThrough();
      const { state, batches } = endlessBatches(pause);
      const written = writeTable({ format, columns, sheetName: 'Forms', batches, out });
      const outcome = written.then(
        () => 'ended',
        () => 'stopped',
      );
      // A few batches fill the stream's and the zip's buffers; then the export waits for a reader.
      let before = -1;
      for (let tries = 0; tries < 20 && state.read !== before; tries += 1) {
        before = state.read;
        await sleep(500);
      }
      expect(state.read).toBe(before);
      expect(state.read).toBeLessThan(20);

      out.destroy();
      expect(await outcome).toBe('stopped');
      expect(state.closed).toBe(true);
    });
  }

  it('writes every batch of a reader that keeps up, then ends the file', async () => {
    const out = new PassThrough();
    const received: Buffer[] = [];
    out.on('data', (chunk: Buffer) => received.push(chunk));
    async function* twoBatches() {
      yield [['Ana', '2026-11-01', 10]];
      yield [['=1+1', null, 0.5]];
    }
    await writeTable({ format: 'csv', columns, sheetName: 'Forms', batches: twoBatches(), out });
    expect(Buffer.concat(received).toString('utf8')).toBe(
      "\uFEFFName,Day,Amount\r\nAna,2026-11-01,10.00\r\n'=1+1,,0.50\r\n",
    );
  });
});

describe('neutralised', () => {
  it('prefixes what a spreadsheet would read as a formula, and only that', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(neutralised(`${start}X`)).toBe(`'${start}X`);
    }
    expect(neutralised('Ana-Marija')).toBe('Ana-Marija');
    expect(neutralised("O'Brien")).toBe("O'Brien");
  });
});
