import { countryForm } from '@taxfree/domain';
import { joined } from './form-text.ts';
import { SECTION_HEIGHT, type FormWriter } from './form-writer.ts';
import { COLORS, CONTENT_WIDTH, PAGE } from './pdf-page.ts';

const DECLARATION_KEYS = {
  eu: 'declaration',
  serbia: 'declarationSerbia',
  bosnia: 'declarationBosnia',
} as const;
const CUSTOMS_HEIGHT = 88;
const STAMP_SIZE = 70;
const left = PAGE.margin;
const right = PAGE.width - PAGE.margin;

/**
 * The end of the form, kept together on one page: the traveller's declaration of the shop's
 * country in both languages, the signatures, and the customs box.
 */
export function drawDeclarationAndCustoms(w: FormWriter, country: string) {
  const { local, english, language } = w.text;
  const key = DECLARATION_KEYS[countryForm(country).declaration];
  const declarationLocal = local(`pdf.${key}`);
  const declarationEnglish = language === 'en' ? null : english(`pdf.${key}`);
  w.font('body', 7);
  const declarationHeight =
    w.heightOf(declarationLocal, CONTENT_WIDTH) +
    (declarationEnglish ? w.heightOf(declarationEnglish, CONTENT_WIDTH) + 4 : 0);
  w.ensure(SECTION_HEIGHT + declarationHeight + 48 + CUSTOMS_HEIGHT + 4);
  w.section(w.text.both('declarationTitle'));
  w.font('body', 7);
  w.y += w.paragraph(declarationLocal, left, w.y, CONTENT_WIDTH) + 4;
  if (declarationEnglish) {
    w.font('body', 7, COLORS.muted);
    w.y += w.paragraph(declarationEnglish, left, w.y, CONTENT_WIDTH) + 4;
  }
  drawSignatures(w);
  drawCustomsBox(w);
}

/** Lines for the place and date, the traveller's signature and the seller's. */
function drawSignatures(w: FormWriter) {
  const { both } = w.text;
  const third = CONTENT_WIDTH / 3;
  const signY = w.y + 22;
  [both('placeAndDate'), both('signatureTraveller'), both('signatureSeller')].forEach(
    (label, i) => {
      const x = left + i * third;
      w.rule(signY, x + 6, third - 12, COLORS.ink);
      w.labelLines(label, third - 12).forEach((line, k) => {
        w.font('body', 6.5, COLORS.muted).cell(
          line,
          x + 6,
          signY + 3 + k * 7.5,
          third - 12,
          'center',
        );
      });
    },
  );
  w.y = signY + 20;
}

/** Customs' box: the export date, the office, the record number, a signature and the stamp. */
function drawCustomsBox(w: FormWriter) {
  const { both } = w.text;
  const boxY = w.y;
  w.box(left, boxY, CONTENT_WIDTH, CUSTOMS_HEIGHT);
  w.band(left + 0.4, boxY + 0.4, CONTENT_WIDTH - 0.8, 14);
  w.font('bold', 8, COLORS.accent).cell(
    joined(both('customsBox')).toUpperCase(),
    left + 6,
    boxY + 3.5,
    CONTENT_WIDTH - 12,
  );
  const fieldsWidth = CONTENT_WIDTH - STAMP_SIZE - 24;
  const customsFields = [
    both('exportDate'),
    both('customsOffice'),
    both('recordNumber'),
    both('customsSignature'),
  ];
  customsFields.forEach((label, i) => {
    const rowY = boxY + 19 + Math.floor(i / 2) * 34;
    const x = left + 8 + (i % 2) * (fieldsWidth / 2);
    const width = fieldsWidth / 2 - 14;
    w.labelLines(label, width, 6.8).forEach((line, k) => {
      w.font('body', 6.8, COLORS.muted).cell(line, x, rowY + k * 7.8, width);
    });
    w.rule(rowY + 25, x, width, COLORS.ink);
  });
  drawStampSpace(w, boxY);
  w.y = boxY + CUSTOMS_HEIGHT + 6;
}

/** A dashed frame at the box's right where customs put their stamp. */
function drawStampSpace(w: FormWriter, boxY: number) {
  const stampX = right - STAMP_SIZE - 8;
  w.doc
    .roundedRect(stampX, boxY + 18, STAMP_SIZE, STAMP_SIZE - 4, 4)
    .dash(2, { space: 2 })
    .lineWidth(0.6)
    .strokeColor(COLORS.muted)
    .stroke()
    .undash();
  const stamp = w.text.both('customsStamp');
  w.font('body', 6.5, COLORS.muted).paragraph(
    [stamp.local, stamp.en].filter(Boolean).join('\n'),
    stampX + 4,
    boxY + 38,
    STAMP_SIZE - 8,
    'center',
  );
}
