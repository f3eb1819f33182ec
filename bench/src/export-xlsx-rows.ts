import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * The data rows of a downloaded XLSX (its header row apart), read back with exceljs' streaming
 * reader: the sheet is parsed row by row and each row dropped at once, never kept as a workbook;
 * styles, shared strings and hyperlinks are not read (the export writes no shared strings and no
 * links). A file with other than one sheet is refused: the list export writes one.
 */
export async function countXlsxRows(file: readonly Buffer[]): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(
    Readable.from(file, { objectMode: false }),
    {
      worksheets: 'emit',
      sharedStrings: 'ignore',
      hyperlinks: 'ignore',
      styles: 'ignore',
      entries: 'ignore',
    },
  );
  let sheets = 0;
  let rows = 0;
  for await (const sheet of reader) {
    sheets += 1;
    for await (const _row of sheet) rows += 1;
  }
  if (sheets !== 1) throw new Error(`the XLSX holds ${sheets} sheets, not one`);
  return Math.max(0, rows - 1);
}
