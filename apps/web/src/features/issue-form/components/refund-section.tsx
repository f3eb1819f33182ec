import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormContext, useWatch } from 'react-hook-form';
import type { IssueFormValues } from '../model/tax-form-values';
import { CardTypeMark } from './card-type-mark';
import { SelectField, TextField } from './fields';
import classes from './issue-form.module.css';
import { offeredRefundMethods, REFUND_LABEL_KEYS } from './refund-methods';
import { useSectionHeadingLevel } from './section-heading';

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
