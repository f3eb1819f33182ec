import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { LANGUAGE_LOCALES, type ExportFormat, type Language, writeIsoDay } from '@taxfree/domain';

/** What a column holds: text, an amount of money (2 decimals), a calendar day, a count. */
export type ColumnKind = 'text' | 'amount' | 'date' | 'integer' | 'number';

export type ExportColumn = { header: string; kind: ColumnKind; width?: number };

/** A cell: text, a number, a day as `yyyy-mm-dd`, or empty. */
export type ExportCell = string | number | null;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A text a spreadsheet would read as a formula (or as the start of one) gets a leading
 * apostrophe, as OWASP's "CSV Injection" page advises: a traveller's name typed as
 * `=HYPERLINK(…)` stays a name on the accountant's screen. Enough for a cell that nothing splits,
 * as an XLSX cell.
 */
export function neutralised(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * The same guard for a CSV field, at every place a spreadsheet might start a cell: a program may
 * split the file on commas, semicolons, tabs or line breaks whatever the file's own separator,
 * so `Ivo;=2*3` is two cells to one of them. The apostrophe goes before each such start.
 */
export function csvNeutralised(text: string): string {
  return text.replace(/(?<=^|[,;\t\r\n])(?=[=+\-@\t\r])/g, "'");
}

/** How the CSV of a language writes its cells: its separator, decimal mark and language. */
type CsvStyle = { separator: string; decimal: string; language: Language };

const csvStyles = new Map<Language, CsvStyle>();

function csvStyle(language: Language): CsvStyle {
  let style = csvStyles.get(language);
  if (!style) {
    const locale = LANGUAGE_LOCALES[language];
    const decimal =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')
        ?.value ?? '.';
    style = {
      // A spreadsheet whose decimal mark is the comma splits its CSV files on semicolons.
      separator: decimal === ',' ? ';' : ',',
      decimal,
      language,
    };
    csvStyles.set(language, style);
  }
  return style;
}

const IS_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A cell's text in the CSV of a language: amounts with two decimals and no grouping. */
function csvText(cell: string | number, kind: ColumnKind, style: CsvStyle): string {
  if (typeof cell === 'number') {
    const text = kind === 'amount' ? cell.toFixed(2) : String(cell);
    return text.replace('.', style.decimal);
  }
  // A day as the screens write it in the language (27.11.2026, 27/11/2026).
  if (kind === 'date' && IS_DAY.test(cell)) return writeIsoDay(cell, style.language);
  return csvNeutralised(cell);
}

/**
 * One CSV field (RFC 4180), quoted when it holds a quote, a line break or any separator, not only
 * the file's own: opened by a program that splits on another, `1234,50` or `Kovač, Ana` stays
 * one cell instead of moving every cell after it.
 */
function csvField(cell: ExportCell, kind: ColumnKind, style: CsvStyle): string {
  if (cell === null) return '';
  const text = csvText(cell, kind, style);
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: ExportCell[], columns: ExportColumn[], style: CsvStyle) =>
  `${cells.map((cell, i) => csvField(cell, columns[i]!.kind, style)).join(style.separator)}\r\n`;

const closedEarly = () => new Error('the export was closed before it ended');

type Drainable = Pick<Writable, 'on' | 'off'>;

/**
 * Resolves at `stream`'s next 'drain' (when `isFull`), or at once; rejects when `out` is closed
 * first (the client left), so that the export stops reading and gives its turn back.
 */
function drained(
  out: Writable,
  stream: Drainable = out,
  isFull = () => out.writableNeedDrain,
): Promise<void> {
  if (out.destroyed) return Promise.reject(closedEarly());
  if (!isFull()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off('drain', onDrain);
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(closedEarly());
    stream.on('drain', onDrain);
    out.on('close', onClose);
  });
}

/** The most sheet XML that may wait to be zipped before the next batch is read. */
const ZIP_BACKLOG_BYTES = 512 * 1024;

type StreamState = { length?: number; needDrain?: boolean } | undefined;
type ZipInput = Drainable & { _writableState?: StreamState; _readableState?: StreamState };
type SheetStream = { buffers?: { length: number }[]; pipes?: ZipInput[] };

/**
 * Bytes of sheet XML written but not yet compressed. exceljs's sheet stream (its `StreamBuf`)
 * keeps what it is given until the zip takes the sheet as an entry, then writes it on to the
 * zip's input stream (a readable-stream `PassThrough` of archiver's, which pipes into the deflate
 * stream) without waiting: neither tells its writer to stop, so the export asks how much waits.
 */
function zipBacklog(sheet: ExcelJS.Worksheet): number {
  const stream = (sheet as unknown as { stream?: SheetStream }).stream;
  const held = (stream?.buffers ?? []).reduce((sum, buffer) => sum + buffer.length, 0);
  const queued = (stream?.pipes ?? []).reduce(
    (sum, pipe) => sum + (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0),
    0,
  );
  return held + queued;
}

/**
 * Waits until the zip has caught up with the sheet and `out` takes writes. The embedded
 * database answers a batch without giving the event loop a turn, so without this wait the
 * compression (on libuv's threads, finished on the event loop) would not run until every row
 * had been read, and the whole sheet would sit in memory.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet, out: Writable): Promise<void> {
  // One turn of the event loop per batch whatever the buffers say, so the zip always moves on.
  await new Promise((resolve) => setImmediate(resolve));
  for (;;) {
    await drained(out);
    if (zipBacklog(sheet) <= ZIP_BACKLOG_BYTES) return;
    const input = (sheet as unknown as { stream?: SheetStream }).stream?.pipes?.[0];
    if (input?._writableState?.needDrain) {
      // The zip's input was written past its mark: it says when it has taken everything in.
      await drained(out, input, () => input._writableState?.needDrain === true);
    } else {
      // The zip has not taken the sheet as an entry yet, or is still compressing what it took.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
}

/** A day `yyyy-mm-dd` as the Date a spreadsheet cell holds (midnight UTC: no zone shifts it). */
const dayCell = (day: string) => new Date(`${day}T00:00:00Z`);

const NUMBER_FORMATS: Partial<Record<ColumnKind, string>> = {
  amount: '#,##0.00',
  date: 'yyyy-mm-dd',
  integer: '0',
};

export type TableExport = {
  format: ExportFormat;
  /** The CSV's separator, decimal mark and dates follow it; the XLSX leaves them to the reader. */
  language: Language;
  columns: ExportColumn[];
  /** The worksheet's name (XLSX). */
  sheetName: string;
  /** The rows, a batch at a time: each batch is written before the next is asked for. */
  batches: AsyncIterable<ExportCell[][]>;
  out: Writable;
};

/**
 * Writes a table to `out` as CSV (UTF-8 with a byte order mark so that Excel reads it as UTF-8,
 * RFC 4180 quoting, CRLF, the separator, decimal mark and days of the language) or as an XLSX
 * workbook through exceljs' streaming writer (rows committed as they come, never the whole sheet
 * in memory), and ends `out`. Waits for `out` to drain between batches, so a slow reader slows
 * the database reads rather than filling memory.
 */
export async function writeTable(table: TableExport): Promise<void> {
  const { columns, out } = table;
  if (table.format === 'csv') {
    const style = csvStyle(table.language);
    out.write(
      `\uFEFF${csvLine(
        columns.map((c) => c.header),
        columns.map(() => ({ header: '', kind: 'text' as const })),
        style,
      )}`,
    );
    for await (const batch of table.batches) {
      out.write(batch.map((row) => csvLine(row, columns, style)).join(''));
      await drained(out);
    }
    out.end();
    await finished(out, { readable: false });
    return;
  }

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(table.sheetName.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column, i) => ({
    key: String(i),
    width: column.width ?? 14,
    ...(NUMBER_FORMATS[column.kind] && { style: { numFmt: NUMBER_FORMATS[column.kind] } }),
  }));
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  for await (const batch of table.batches) {
    for (const cells of batch) {
      sheet
        .addRow(
          cells.map((cell, i) => {
            if (cell === null || typeof cell === 'number') return cell;
            const kind = columns[i]!.kind;
            if (kind === 'date') return dayCell(cell);
            return kind === 'text' ? neutralised(cell) : cell;
          }),
        )
        .commit();
    }
    await zipCaughtUp(sheet, out);
  }
  sheet.commit();
  // The workbook ends `out`; a client gone meanwhile ends the wait instead of holding it for ever.
  await Promise.all([workbook.commit(), finished(out, { readable: false })]);
}
