import {
  maskCardLast4,
  maskIbanLast4,
  operatorFee,
  publicStatusLink,
  toCents,
} from '@taxfree/domain';
import type { TaxFormDetail } from '../../read/tax-form-detail.repository.ts';
import { fieldGrid } from './field-grid.ts';
import { formatDate, joined } from './form-text.ts';
import { SECTION_HEIGHT, type FormWriter } from './form-writer.ts';
import { COLORS, CONTENT_WIDTH, PAGE, type Bilingual } from './pdf-page.ts';

type Form = TaxFormDetail['form'];

const left = PAGE.margin;
/** The refund block's two halves: how it is paid at the left, the amounts at the right. */
const half = (CONTENT_WIDTH - 14) / 2;

/** The refund: how it is paid (card and IBAN masked), and the VAT, fee and refund. */
export function drawRefund(w: FormWriter, form: Form) {
  const { both, plain } = w.text;
  w.ensure(SECTION_HEIGHT + 70);
  w.section(both('refund'));
  const top = w.y;
  const methodEnd = fieldGrid(
    w,
    [
      {
        label: both('refundMethod'),
        value: joined(plain(`refundMethods.${form.methodOfRefund}`, form.methodOfRefund)),
        span: 2,
      },
      {
        label: both('card'),
        value: form.accDetailsLast4 ? maskCardLast4(form.accDetailsLast4) : null,
        span: 2,
      },
      {
        label: both('refundEmail'),
        value: form.methodOfRefund === 'option3' ? form.emailOrMobile : null,
        span: 2,
      },
      { label: both('iban'), value: form.ibanLast4 ? maskIbanLast4(form.ibanLast4) : null },
      { label: both('swift'), value: form.swift },
      { label: both('bankName'), value: form.bankName, span: 2 },
    ],
    left,
    half,
    2,
  );
  const amountsEnd = drawRefundAmounts(w, form, top);
  w.y = Math.max(methodEnd, amountsEnd) + 6;
}

/** The VAT, the fee and, under a rule, the refund to the traveller; answers where they end. */
function drawRefundAmounts(w: FormWriter, form: Form, top: number) {
  const { both, money } = w.text;
  const vat = toCents(form.vatAmount);
  const refund = toCents(form.customerRefund);
  const fee = operatorFee(vat, refund);
  const x = left + half + 14;
  let y = top;
  const amountLine = (label: Bilingual, value: string, bold = false) => {
    // The amount whole, however many digits it has (142.000,00 RSD); the label has the rest.
    const valueFont = () => w.font(bold ? 'bold' : 'body', bold ? 11 : 9);
    valueFont();
    const valueWidth = Math.max(90, w.doc.widthOfString(value) + 1);
    w.font('body', 7, COLORS.muted).cell(joined(label), x, y + 2, half - valueWidth - 4);
    valueFont().cell(value, x + half - valueWidth, y, valueWidth, 'right');
    y += bold ? 16 : 13;
  };
  amountLine(both('vat'), money(vat));
  amountLine(both('fee'), money(fee));
  w.rule(y - 1, x, half);
  y += 2;
  amountLine(both('refundToTraveller'), money(refund), true);
  return y;
}

/** The export deadline, in a band of its own where the traveller cannot miss it. */
export function drawExportDeadline(w: FormWriter, form: Form) {
  if (!form.exportDeadline) return;
  w.ensure(24);
  w.band(left, w.y, CONTENT_WIDTH, 18);
  w.doc.rect(left, w.y, 3, 18).fillColor(COLORS.accent).fill();
  w.font('bold', 8.5).cell(
    `${joined(w.text.both('exportDeadline'))}: ${formatDate(form.exportDeadline)}`,
    left + 10,
    w.y + 5,
    CONTENT_WIDTH - 20,
  );
  w.y += 26;
}

/** Where the traveller follows the form, with its number and the code printed in the header. */
export function drawFollowLink(w: FormWriter, publicUrl: string | undefined) {
  if (!publicUrl) return;
  w.ensure(16);
  w.font('body', 7.5, COLORS.muted).cell(
    `${joined(w.text.both('followForm'))}: ${publicStatusLink(publicUrl)}`,
    left,
    w.y - 4,
    CONTENT_WIDTH,
  );
  w.y += 10;
}
