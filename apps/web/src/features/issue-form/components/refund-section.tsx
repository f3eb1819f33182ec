import {
  CARD_TYPE_NAMES,
  checkCardNumber,
  isMasked,
  REFUND_METHODS,
  type CardType,
  type RefundMethod,
} from '@taxfree/domain';
import { Group, Text, Title } from '@mantine/core';
import amex from 'payment-icons/min/flat/amex.svg?url';
import unknownCard from 'payment-icons/min/flat/default.svg?url';
import diners from 'payment-icons/min/flat/diners.svg?url';
import discover from 'payment-icons/min/flat/discover.svg?url';
import jcb from 'payment-icons/min/flat/jcb.svg?url';
import maestro from 'payment-icons/min/flat/maestro.svg?url';
import mastercard from 'payment-icons/min/flat/mastercard.svg?url';
import unionpay from 'payment-icons/min/flat/unionpay.svg?url';
import visa from 'payment-icons/min/flat/visa.svg?url';
import { useTranslation } from 'react-i18next';
import { useFormContext, useWatch } from 'react-hook-form';
import type { IssueFormValues } from '../model/tax-form-values';
import { SelectField, TextField } from './fields';
import classes from './issue-form.module.css';
import { useSectionHeadingLevel } from './section-heading';

const REFUND_LABEL_KEYS = {
  option2: 'issueForm.refundMethods.option2',
  option3: 'issueForm.refundMethods.option3',
  option5: 'issueForm.refundMethods.option5',
  option6: 'issueForm.refundMethods.option6',
} as const satisfies Record<RefundMethod, string>;

/** The refund methods the company offers (general_setting.refund_methods), in its order. */
export function offeredRefundMethods(refundMethods: string): RefundMethod[] {
  return refundMethods
    .split(',')
    .map((method) => method.trim())
    .filter((method): method is RefundMethod =>
      (REFUND_METHODS as readonly string[]).includes(method),
    );
}

/** Each card type's logo (the payment-icons set; Dankort, which it lacks, shows a plain card). */
const CARD_IMAGES: Readonly<Record<CardType, string>> = {
  visa,
  mastercard,
  amex,
  maestro,
  discover,
  dinersclub: diners,
  jcb,
  unionpay,
  dankort: unknownCard,
};

/** The card's type as the clerk types its number: its logo and its name (nothing while unknown). */
export function CardTypeMark({ number }: { number: string }) {
  const { t } = useTranslation();
  const type = number.trim() && !isMasked(number) ? checkCardNumber(number).type : null;
  if (!type) return null;
  return (
    <Group gap="xs" wrap="nowrap" className={classes.cardType} data-card-type={type}>
      <img src={CARD_IMAGES[type]} alt="" width={40} height={25} />
      <Text span size="sm" fw={500}>
        {t('issueForm.cardType', { type: CARD_TYPE_NAMES[type] })}
      </Text>
    </Group>
  );
}

type RefundSectionProps = { refundMethods: string; detailRequired: boolean };

/** Refund: the method and the detail it needs (card, e-mail or bank account; SPEC 2). */
export function RefundSection({ refundMethods, detailRequired }: RefundSectionProps) {
  const headingLevel = useSectionHeadingLevel();
  const { t } = useTranslation();
  const { control } = useFormContext<IssueFormValues>();
  const [method, card] = useWatch({
    control,
    name: ['taxform.method_of_refund', 'taxform.acc_details'],
  });
  const options = offeredRefundMethods(refundMethods).map((value) => ({
    value,
    label: t(REFUND_LABEL_KEYS[value]),
  }));

  return (
    <section className={classes.section} aria-labelledby="issue-refund">
      <Title order={headingLevel} size="h4" id="issue-refund" className={classes.sectionTitle}>
        {t('issueForm.sections.refund')}
      </Title>
      <div className={classes.fields}>
        <SelectField
          name="taxform.method_of_refund"
          label={t('issueForm.fields.refundMethod')}
          required
          searchable
          data={options}
        />
        {method === 'option2' && (
          <>
            <TextField
              name="taxform.acc_details"
              label={t('issueForm.fields.cardNumber')}
              required={detailRequired}
              autoComplete="off"
            />
            <CardTypeMark number={card} />
          </>
        )}
        {method === 'option3' && (
          <TextField
            name="taxform.email_or_mobile"
            label={t('issueForm.fields.refundEmail')}
            type="email"
            required={detailRequired}
            autoComplete="off"
          />
        )}
        {method === 'option6' && (
          <>
            <TextField
              name="taxform.iban"
              label={t('issueForm.fields.iban')}
              required={detailRequired}
              autoComplete="off"
            />
            <TextField
              name="taxform.swift"
              label={t('issueForm.fields.swift')}
              autoComplete="off"
            />
            <TextField
              name="taxform.bank_name"
              label={t('issueForm.fields.bankName')}
              autoComplete="off"
            />
            <div className={classes.wide}>
              <TextField
                name="taxform.bank_address"
                label={t('issueForm.fields.bankAddress')}
                multiline
                autoComplete="off"
              />
            </div>
          </>
        )}
      </div>
    </section>
  );
}
