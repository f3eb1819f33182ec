import type PDFKit from 'pdfkit';

/**
 * Drawing on a page of the form: A4, fixed margins, a header and footer on every page, and a
 * cursor `y` that the content moves down. Nothing here ever lets the PDF library break pages on its
 * own: every block asks `ensure` for the room it needs first, so a table row or a field is never
 * split from its label or left alone on a page.
 */
export const PAGE = {
  width: 595.28,
  height: 841.89,
  margin: 36,
  /** Where the content starts below the header, and where it must end above the footer. */
  top: 118,
  bottom: 841.89 - 36 - 18,
};
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

export const COLORS = {
  ink: '#000000',
  muted: '#5b6472',
  accent: '#0b3d91',
  rule: '#9aa5b5',
  band: '#eef1f6',
  alert: '#c92a2a',
};

export type Align = 'left' | 'right' | 'center';

/** Bilingual text: the form's language, and English beside it (absent when the form is English). */
export type Bilingual = { local: string; en: string | null };

export class PageWriter {
  y = PAGE.top;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly startPage: () => void,
  ) {}

  /** Starts a new page (the caller's header is drawn by `startPage`). */
  newPage() {
    this.doc.addPage();
    this.y = PAGE.top;
    this.startPage();
  }

  /** Room left on this page. */
  get room() {
    return PAGE.bottom - this.y;
  }

  /** Moves to a new page unless `height` points still fit on this one. */
  ensure(height: number) {
    if (height > this.room) this.newPage();
  }

  /**
   * One line of text at (x, y), never wrapped: cut with an ellipsis to `width` when too long, and
   * aligned within it. This is the fast path of the PDF library (no line-breaking machinery).
   */
  cell(text: string, x: number, y: number, width: number, align: Align = 'left') {
    const { doc } = this;
    let shown = text.replace(/\s+/g, ' ').trim();
    if (doc.widthOfString(shown) > width) {
      while (shown.length > 1 && doc.widthOfString(`${shown}…`) > width) {
        shown = shown.slice(0, -1);
      }
      shown = `${shown}…`;
    }
    const used = doc.widthOfString(shown);
    const left =
      align === 'right' ? x + width - used : align === 'center' ? x + (width - used) / 2 : x;
    doc.text(shown, left, y, { lineBreak: false });
  }

  /** Text wrapped within `width`; answers its height. Callers `ensure` the room first. */
  paragraph(text: string, x: number, y: number, width: number, align: Align = 'left') {
    const { doc } = this;
    const height = doc.heightOfString(text, { width, align });
    doc.text(text, x, y, { width, align });
    return height;
  }

  /** The height `paragraph` would take, in the current font. */
  heightOf(text: string, width: number) {
    return this.doc.heightOfString(text, { width });
  }

  font(name: 'body' | 'bold', size: number, color = COLORS.ink) {
    this.doc.font(name).fontSize(size).fillColor(color);
    return this;
  }

  rule(y: number, x = PAGE.margin, width = CONTENT_WIDTH, color = COLORS.rule) {
    this.doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.6)
      .strokeColor(color)
      .stroke();
  }

  band(x: number, y: number, width: number, height: number) {
    this.doc.rect(x, y, width, height).fillColor(COLORS.band).fill();
    this.doc.fillColor(COLORS.ink);
  }

  box(x: number, y: number, width: number, height: number, color = COLORS.ink) {
    this.doc.rect(x, y, width, height).lineWidth(0.8).strokeColor(color).stroke();
  }
}
