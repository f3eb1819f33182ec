import { Stepper, Text, VisuallyHidden } from '@mantine/core';
import { FORM_STAGES, type FormStage, type PublicFormStatus } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';

/** What each stage's step says under its name: the day it happened, and what came with it. */
function stepDate(status: PublicFormStatus, stage: FormStage) {
  const entry = status.stages.findLast((candidate) => candidate.stage === stage);
  if (!entry) return null;
  if (stage === 'FORM_VALIDATED' && entry.export_date) {
    return { key: 'publicStatus.exportedOn', date: formatDate(entry.export_date) } as const;
  }
  if (stage === 'FORM_REFUNDED' && entry.refund_date) {
    return { key: 'publicStatus.paidOn', date: formatDate(entry.refund_date) } as const;
  }
  return { key: 'publicStatus.on', date: formatDate(entry.at) } as const;
}

/**
 * The form's way to the refund, one step per stage: issued, validated by customs, stamped form
 * received, refunded. Every step up to the form's stage is done.
 */
export function FormStatusSteps({ status }: { status: PublicFormStatus }) {
  const { t } = useTranslation();
  const reached = FORM_STAGES.indexOf(status.stage);
  const isStopped = status.cancelled || status.expired;

  return (
    <Stepper
      active={reached + 1}
      orientation="vertical"
      size="sm"
      color={isStopped ? 'gray' : 'teal'}
      aria-label={t('publicStatus.stepsLabel')}
    >
      {FORM_STAGES.map((stage, index) => {
        const isDone = index <= reached;
        const date = isDone ? stepDate(status, stage) : null;
        return (
          <Stepper.Step
            key={stage}
            data-stage={stage}
            data-done={isDone}
            label={t(`publicStatus.stages.${stage}`)}
            description={
              <>
                {date && (
                  <Text component="span" size="sm">
                    {t(date.key, { date: date.date })}
                  </Text>
                )}
                <VisuallyHidden>
                  {isDone ? t('publicStatus.done') : t('publicStatus.open')}
                </VisuallyHidden>
              </>
            }
          />
        );
      })}
    </Stepper>
  );
}
