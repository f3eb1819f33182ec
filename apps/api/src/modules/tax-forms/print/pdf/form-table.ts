import { SECTION_HEIGHT, type FormWriter } from './form-writer.ts';
import { COLORS, CONTENT_WIDTH, PAGE, type Align, type Bilingual } from './pdf-page.ts';

export type Column = {
  label: Bilingual;
  width: number;
  align?: Align;
  /** Text typed at the counter: wrapped over lines, never cut (a description is evidence). */
  wrap?: boolean;
};
export type Row = {
  cells: string[];
  /** The cells shown instead when the row opens a page (an invoice's number on its later lines). */
  opening?: string[];
  bold?: boolean;
  /**
   * How many columns the first cell spans (an invoice's total, its label over the number, date
   * and rate), wrapped within them; the cells it covers are left out of `cells`.
   */
  span?: number;
};
type Slot = Column & { text: string; x: number };

const ROW_HEIGHT = 12;
const HEADER_HEIGHT = 20;
/** A row is as tall as its longest wrapped cell, and no taller than a page can hold. */
const TALLEST_ROW = PAGE.bottom - PAGE.top - SECTION_HEIGHT - HEADER_HEIGHT;
const left = PAGE.margin;

export function sumWidths(columns: Column[]) {
  return columns.reduce((sum, c) => sum + c.width, 0);
}

/**
 * A table that continues over pages: the section title and column headers open every page it
 * spans, a row is never split, and the table never starts with fewer than two rows on a page.
 */
export function drawTable(w: FormWriter, title: Bilingual, columns: Column[], rows: Row[]) {
  const xs: number[] = [];
  let x = left;
  for (const c of columns) {
    xs.push(x);
    x += c.width;
  }
  w.ensure(SECTION_HEIGHT + HEADER_HEIGHT + ROW_HEIGHT * Math.min(rows.length, 2));
  drawHead(w, title, columns, xs, false);
  rows.forEach((row, index) => {
    let slots = slotsOf(columns, xs, row.cells, row.span);
    let height = heightOf(w, slots, row.bold);
    if (w.room < height) {
      w.newPage();
      drawHead(w, title, columns, xs, true);
      slots = slotsOf(columns, xs, row.opening ?? row.cells, row.span);
      height = heightOf(w, slots, row.bold);
    }
    drawRow(w, slots, height, row.bold);
    w.y += height;
    if (index === rows.length - 1) w.y += 4;
  });
}

/** The section title, "(continued)" on later pages, and the column headers in both languages. */
function drawHead(
  w: FormWriter,
  title: Bilingual,
  columns: Column[],
  xs: number[],
  continued: boolean,
) {
  const { local, english } = w.text;
  w.section(
    continued
      ? {
          local: `${title.local} (${local('pdf.continued')})`,
          en: title.en === null ? null : `${title.en} (${english('pdf.continued')})`,
        }
      : title,
  );
  w.rule(w.y - 2, left, CONTENT_WIDTH, COLORS.rule);
  columns.forEach((c, i) => {
    w.font('bold', 6.8).cell(c.label.local, xs[i]! + 2, w.y, c.width - 4, c.align);
    if (c.label.en !== null)
      w.font('body', 6.3, COLORS.muted).cell(c.label.en, xs[i]! + 2, w.y + 8, c.width - 4, c.align);
  });
  w.y += HEADER_HEIGHT;
  w.rule(w.y - 4, left, CONTENT_WIDTH, COLORS.rule);
}

/** Where a row's cells go: the first one over `span` columns, the others one each. */
function slotsOf(columns: Column[], xs: number[], cells: string[], span = 1): Slot[] {
  return [
    {
      ...columns[0]!,
      width: sumWidths(columns.slice(0, span)),
      wrap: columns[0]!.wrap || span > 1,
    },
    ...columns.slice(span),
  ].map((c, k) => ({ ...c, text: cells[k] ?? '', x: xs[k === 0 ? 0 : k + span - 1]! }));
}

function heightOf(w: FormWriter, slots: Slot[], bold = false) {
  let height = ROW_HEIGHT;
  for (const slot of slots) {
    if (!slot.wrap || slot.text === '') continue;
    w.font(bold ? 'bold' : 'body', 8);
    if (w.doc.widthOfString(slot.text) <= slot.width - 4) continue;
    height = Math.max(height, w.heightOf(slot.text, slot.width - 4) + 3);
  }
  return Math.min(height, TALLEST_ROW);
}

/** A row's cells at the cursor: wrapped within their cell when the row is taller than a line. */
function drawRow(w: FormWriter, slots: Slot[], height: number, bold = false) {
  if (bold) w.rule(w.y - 2.5, left, CONTENT_WIDTH, COLORS.rule);
  for (const slot of slots) {
    w.font(bold ? 'bold' : 'body', 8);
    if (slot.wrap && height > ROW_HEIGHT && w.doc.widthOfString(slot.text) > slot.width - 4) {
      w.doc.text(slot.text, slot.x + 2, w.y, {
        width: slot.width - 4,
        height: height - 3,
        ellipsis: true,
      });
    } else {
      w.cell(slot.text, slot.x + 2, w.y, slot.width - 4, slot.align);
    }
  }
}
