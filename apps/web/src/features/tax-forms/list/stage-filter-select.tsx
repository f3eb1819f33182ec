import { NativeSelect } from '@mantine/core';
import { FORM_LIST_STAGES, WORKLIST_FILTERS, type FormListFilter } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';

type StageFilterSelectProps = {
  stage: FormListFilter | undefined;
  onChange: (stage: FormListFilter | undefined) => void;
};

function isWorklistFilter(
  stage: FormListFilter | undefined,
): stage is (typeof WORKLIST_FILTERS)[number] {
  return (WORKLIST_FILTERS as readonly (string | undefined)[]).includes(stage);
}

/**
 * Which forms the list shows by stage. A worklist entry of Home (`?stage=to_refund`) is not one of
 * the stages: while the URL carries it, it is offered too, named as on Home.
 */
export function StageFilterSelect({ stage, onChange }: StageFilterSelectProps) {
  const { t } = useTranslation();
  const options = [
    { value: '', label: t('refundForms.stageFilter.all') },
    ...FORM_LIST_STAGES.map((value) => ({ value, label: t(`refundForms.stageFilter.${value}`) })),
    ...(isWorklistFilter(stage) ? [{ value: stage, label: t(`worklist.${stage}`) }] : []),
  ];
  return (
    <NativeSelect
      flex="0 1 14rem"
      aria-label={t('refundForms.stageFilter.label')}
      data={options}
      value={stage ?? ''}
      onChange={(event) => {
        const value = event.currentTarget.value;
        onChange(value === '' ? undefined : (value as FormListFilter));
      }}
    />
  );
}
