import { Stack } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { errorMessage } from '@/lib/error-handler';
import { PANEL_STAGES, type StagePanel } from '../form/tax-form-panel';
import { FormSummary } from '../form/tax-form-summary';
import { ReceiptStepForm } from './receipt-step-form';
import { RefundStepForm } from './refund-step-form';
import type { StepFormProps } from './step-form-props';
import { StepBlockNote, stepBlock, useShopToday } from '../form/step-block';
import { useStageForm } from './use-stage-form';
import { ValidationStepForm } from './validation-step-form';
import { FormPanel } from '../form-panel';

const STEP_FORMS: Record<StagePanel, ComponentType<StepFormProps>> = {
  validation: ValidationStepForm,
  receipt: ReceiptStepForm,
  refund: RefundStepForm,
};

type StageDrawerProps = { formId: number | null; panel: StagePanel | null; onClose: () => void };

/**
 * Record customs validation, Record receipt and Record refund paid (issue 16): the form's summary,
 * then its step's details, checked in the browser by the schema the server checks them with.
 */
export function StageDrawer({ formId, panel, onClose }: StageDrawerProps) {
  const { t } = useTranslation();
  const opened = panel !== null && formId !== null;
  const stageForm = useStageForm(formId, opened);
  const today = useShopToday();
  const StepForm = panel ? STEP_FORMS[panel] : null;
  const block =
    stageForm.data && panel ? stepBlock(stageForm.data.form, PANEL_STAGES[panel], today) : null;

  return (
    <FormPanel
      opened={opened}
      onClose={onClose}
      title={panel && t(`formActions.${panel}.title`)}
      barcode={stageForm.data?.form.barcode}
    >
      {stageForm.isPending && <PageLoader />}
      {stageForm.error && <FormAlert>{errorMessage(stageForm.error)}</FormAlert>}
      {stageForm.data && formId !== null && StepForm && (
        <Stack>
          <FormSummary form={stageForm.data.form} currency={stageForm.data.context.currency} />
          {block ? (
            <StepBlockNote block={block} />
          ) : (
            <StepForm
              formId={formId}
              form={stageForm.data.form}
              context={stageForm.data.context}
              onRecorded={onClose}
            />
          )}
        </Stack>
      )}
    </FormPanel>
  );
}
