import type PDFKit from 'pdfkit';
import { joined, type FormText } from './form-text.ts';
import { COLORS, CONTENT_WIDTH, PAGE, PageWriter, type Bilingual } from './pdf-page.ts';

/** The height of a section's title band, with the gap below it. */
export const SECTION_HEIGHT = 16;

/** A page of one form: the page writer with the form's words, its section titles and labels. */
export class FormWriter extends PageWriter {
  constructor(
    doc: PDFKit.PDFDocument,
    readonly text: FormText,
    startPage: () => void,
  ) {
    super(doc, startPage);
  }

  /** A section's title in a band across the page. */
  section(title: Bilingual) {
    this.band(PAGE.margin, this.y, CONTENT_WIDTH, 14);
    this.font('bold', 8, COLORS.accent).cell(
      joined(title).toUpperCase(),
      PAGE.margin + 4,
      this.y + 3.5,
      CONTENT_WIDTH - 8,
    );
    this.y += SECTION_HEIGHT;
  }

  /** A label on one line when it fits, else its two languages one under the other. */
  labelLines(label: Bilingual, width: number, size = 6.5) {
    this.font('body', size);
    return label.en === null || this.doc.widthOfString(joined(label)) <= width
      ? [joined(label)]
      : [label.local, label.en];
  }
}
