import type { FormWriter } from './form-writer.ts';
import { COLORS, PAGE, type Bilingual } from './pdf-page.ts';

export type Field = { label: Bilingual; value: string | null | undefined; span?: number };
type ShownField = { label: Bilingual; value: string; span: number };

/**
 * Fields in a grid of `columns`, each its label over its value; empty values are left out.
 * Answers where the grid ends.
 */
export function fieldGrid(
  w: FormWriter,
  fields: Field[],
  x: number,
  width: number,
  columns: number,
) {
  const unit = width / columns;
  let y = w.y;
  for (const row of gridRows(fields, columns)) y = drawFieldRow(w, row, x, y, unit);
  return y;
}

/** The fields with a value, in rows of at most `columns` units. */
function gridRows(fields: Field[], columns: number) {
  const rows: ShownField[][] = [];
  let row: ShownField[] = [];
  let used = 0;
  for (const f of fields) {
    if (f.value === null || f.value === undefined || f.value === '') continue;
    const span = Math.min(f.span ?? 1, columns);
    if (used + span > columns) {
      rows.push(row);
      row = [];
      used = 0;
    }
    row.push({ label: f.label, value: f.value, span });
    used += span;
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

/** One row of fields at `top`, or at the top of a new page when it does not fit; answers its end. */
function drawFieldRow(w: FormWriter, row: ShownField[], x: number, top: number, unit: number) {
  const widthOf = (f: ShownField) => unit * f.span - 6;
  const labels = row.map((f) => w.labelLines(f.label, widthOf(f)));
  w.font('body', 8.5);
  const heights = row.map((f, i) => labels[i]!.length * 7.5 + w.heightOf(f.value, widthOf(f)));
  const height = Math.max(...heights) + 2;
  let y = top;
  if (y + height > PAGE.bottom) {
    w.newPage();
    y = w.y;
  }
  let cx = x;
  row.forEach((f, i) => {
    let ly = y;
    for (const line of labels[i]!) {
      w.font('body', 6.5, COLORS.muted).cell(line, cx, ly, widthOf(f));
      ly += 7.5;
    }
    w.font('body', 8.5).paragraph(f.value, cx, ly, widthOf(f));
    cx += unit * f.span;
  });
  return y + height;
}
