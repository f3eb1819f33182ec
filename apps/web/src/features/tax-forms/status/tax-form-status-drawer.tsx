import { Alert, Stepper, Text, VisuallyHidden } from '@mantine/core';
import { stageSteps, type FormStat } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { useSession } from '@/hooks/use-session';
import { errorMessage } from '@/lib/error-handler';
import { shopTimeZone } from '@/lib/shop-day';
import { useExportWindow, useFormStat } from '../api/tax-form-actions';
import { ClaimDueNote, ExportWindowNote } from './export-window-notes';
import { FormAuditTrail } from './tax-form-audit-trail';
import { StageDetails, stageTime } from './stage-details';
import { FormPanel } from '../form-panel';
import classes from '../tax-forms.module.css';

/**
 * The steps of SPEC 4: pending, (validated by customs,) received and paid out, each with when it
 * was reached on the shop's clock, as the history beneath them tells its entries.
 */
export function FormStages({ stat, ushopSetting }: { stat: FormStat; ushopSetting: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const timeZone = shopTimeZone(session?.country ?? '');
  const steps = stageSteps(stat.status, ushopSetting);
  // Done steps always come first: the first open one is where the form stands.
  const active = steps.filter((step) => step.done).length;

  return (
    <Stepper
      active={active}
      orientation="vertical"
      size="sm"
      aria-label={t('formActions.status.stepsLabel')}
      classNames={{ stepLabel: classes.stepLabel }}
    >
      {steps.map((step) => {
        const time = step.done ? stageTime(stat, step.stage, timeZone) : '';
        return (
          <Stepper.Step
            key={step.stage}
            data-stage={step.stage}
            label={t(step.labelKey)}
            description={
              <>
                {time && <span>{time}</span>}
                {step.done && <StageDetails stat={stat} stage={step.stage} />}
                <VisuallyHidden>
                  {step.done ? t('formActions.status.done') : t('formActions.status.open')}
                </VisuallyHidden>
              </>
            }
          />
        );
      })}
    </Stepper>
  );
}

type FormStatusDrawerProps = { formId: number | null; opened: boolean; onClose: () => void };

/** The Form Status panel (SPEC 2): the form's barcode and the stages it went through. */
export function FormStatusDrawer({ formId, opened, onClose }: FormStatusDrawerProps) {
  const { t } = useTranslation();
  const session = useSession();
  const stat = useFormStat(opened ? session : null, formId);
  const exportWindow = useExportWindow(opened ? session : null, formId);

  return (
    <FormPanel
      opened={opened}
      onClose={onClose}
      title={t('formActions.status.title')}
      barcode={stat.data?.barcode}
    >
      {stat.isPending && <PageLoader />}
      {stat.isError && <FormAlert>{errorMessage(stat.error)}</FormAlert>}
      {stat.data && (
        <>
          {stat.data.cancelled === '1' && (
            <Alert color="red" variant="light" mb="md">
              <Text size="sm" fw={600}>
                {t('formActions.status.cancelled')}
              </Text>
            </Alert>
          )}
          {exportWindow.data && <ExportWindowNote exportWindow={exportWindow.data} />}
          {exportWindow.data && <ClaimDueNote stat={stat.data} exportWindow={exportWindow.data} />}
          <FormStages stat={stat.data} ushopSetting={session?.ushopSetting ?? ''} />
          <FormAuditTrail formId={stat.data.id} />
        </>
      )}
    </FormPanel>
  );
}
