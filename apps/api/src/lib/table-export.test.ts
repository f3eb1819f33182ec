import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  csvNeutralised,
  neutralised,
  writeTable,
  type ExportCell,
  type ExportColumn,
  type TableExport,
} from './table-export.ts';

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
      const written = writeTable({
        format,
        language: 'en',
        columns,
        sheetName: 'Forms',
        batches,
        out,
      });
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
    async function* twoBatches() {
      yield [['Ana', '2026-11-01', 10]];
      yield [['=1+1', null, 0.5]];
    }
    expect(await csvOf({ language: 'en', batches: twoBatches() })).toBe(
      "\uFEFFName,Day,Amount\r\nAna,01/11/2026,10.00\r\n'=1+1,,0.50\r\n",
    );
  });
});

/** The CSV file a table makes, as text. */
async function csvOf(table: Partial<TableExport> & Pick<TableExport, 'language' | 'batches'>) {
  const out = new PassThrough();
  const received: Buffer[] = [];
  out.on('data', (chunk: Buffer) => received.push(chunk));
  await writeTable({ format: 'csv', columns, sheetName: 'Forms', out, ...table });
  return Buffer.concat(received).toString('utf8');
}

async function* oneRow(...cells: ExportCell[]) {
  yield [cells];
}

describe('a CSV file in the language of its reader', () => {
  it('uses commas and decimal points in English, semicolons and decimal commas elsewhere', async () => {
    expect(await csvOf({ language: 'en', batches: oneRow('Ana', '2026-11-27', 1234.5) })).toBe(
      '\uFEFFName,Day,Amount\r\nAna,27/11/2026,1234.50\r\n',
    );
    const croatian = await csvOf({ language: 'hr', batches: oneRow('Ana', '2026-11-27', 1234.5) });
    // Days as the screens write them in the language, whatever the ICU version's spaces.
    expect(croatian).toBe('\uFEFFName;Day;Amount\r\nAna;27.11.2026;"1234,50"\r\n');
    const days = { fr: '02/01/2026', 'sl-si': '02.01.2026', de: '02.01.2026', es: '02/01/2026' };
    for (const language of ['fr', 'sl-si', 'de', 'sr', 'bs', 'es'] as const) {
      const text = await csvOf({ language, batches: oneRow('Ana', '2026-01-02', 0.5) });
      const day = language in days ? days[language as keyof typeof days] : '02.01.2026';
      expect(text).toBe(`\uFEFFName;Day;Amount\r\nAna;${day};"0,50"\r\n`);
    }
  });

  it('writes the day of the cell, whatever the time zone of the server', async () => {
    const zone = process.env.TZ;
    try {
      for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
        process.env.TZ = timeZone;
        for (const day of ['2026-01-01', '2026-12-31', '2026-03-29']) {
          const text = await csvOf({ language: 'de', batches: oneRow('Ana', day, null) });
          const [y, m, d] = day.split('-');
          expect(text).toContain(`Ana;${d}.${m}.${y};\r\n`);
        }
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('writes decimal numbers such as a VAT rate with the decimal mark, integers as they are', async () => {
    const rates: ExportColumn[] = [
      { header: 'Rate', kind: 'number' },
      { header: 'Forms', kind: 'integer' },
    ];
    const rows = async function* () {
      yield [
        [9.5, 1200],
        [25, 3],
      ];
    };
    expect(await csvOf({ language: 'hr', columns: rates, batches: rows() })).toBe(
      '\uFEFFRate;Forms\r\n"9,5";1200\r\n25;3\r\n',
    );
    expect(await csvOf({ language: 'en', columns: rates, batches: rows() })).toBe(
      '\uFEFFRate,Forms\r\n9.5,1200\r\n25,3\r\n',
    );
  });

  it('leaves a negative amount a number, not a neutralised text', async () => {
    expect(await csvOf({ language: 'en', batches: oneRow('Ana', null, -12.5) })).toContain(
      'Ana,,-12.50\r\n',
    );
    expect(await csvOf({ language: 'hr', batches: oneRow('Ana', null, -1234.5) })).toContain(
      'Ana;;"-1234,50"\r\n',
    );
  });

  it('keeps a hostile name in one quoted cell, each place a formula could start neutralised', async () => {
    const cases: [string, string][] = [
      ['Ivo;=2*3;', `"Ivo;'=2*3;"`],
      ['x\r\n=7+7', `"x\r\n'=7+7"`],
      ['Ana\t@SUM(A1)', `"Ana\t'@SUM(A1)"`],
      ['Ana,+1', `"Ana,'+1"`],
      ['-Minus', "'-Minus"],
      ['\t=1', `"'\t'=1"`],
      ['say "hi"', '"say ""hi"""'],
    ];
    for (const [name, field] of cases) {
      for (const language of ['en', 'hr'] as const) {
        const text = await csvOf({ language, batches: oneRow(name, null, 1) });
        const separator = language === 'en' ? ',' : ';';
        const amount = language === 'en' ? '1.00' : '"1,00"';
        expect(text.split('\r\n').slice(1).join('\r\n')).toBe(
          `${field}${separator}${separator}${amount}\r\n`,
        );
      }
    }
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

describe('csvNeutralised', () => {
  it('prefixes each start of a cell a spreadsheet could split the text into', () => {
    expect(csvNeutralised('Ivo;=2*3;')).toBe("Ivo;'=2*3;");
    expect(csvNeutralised('x\r\n=7+7')).toBe("x\r\n'=7+7");
    expect(csvNeutralised('x\n-1')).toBe("x\n'-1");
    expect(csvNeutralised('a\t@b')).toBe("a\t'@b");
    expect(csvNeutralised('a,\t=1')).toBe("a,'\t'=1");
    expect(csvNeutralised('\r=1')).toBe("'\r'=1");
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvNeutralised(`${start}X`)).toBe(`'${start}X`);
    }
  });

  it('leaves a sign inside a word or after a space as it is', () => {
    for (const text of ['Ana-Marija', "O'Brien", 'Kovač, Ana', 'A + B', 'ana@mail.example']) {
      expect(csvNeutralised(text)).toBe(text);
    }
  });
});
