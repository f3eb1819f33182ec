import type { StageStepContext } from '@taxfree/domain';
import type { FieldError } from 'react-hook-form';
import type { FormDetail } from '../api/tax-form-actions';

/** What each stage panel's form gets: the form, what its step is checked against, and the end. */
export type StepFormProps = {
  formId: number;
  form: FormDetail;
  context: StageStepContext;
  onRecorded: () => void;
};

/** A step form's errors by field. */
export type StepErrors<Field extends string> = Partial<Record<Field, FieldError>>;
