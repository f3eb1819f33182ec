import type { FormStageStep, FormStageStepInput, stageStepFormSchema } from '@taxfree/domain';
import type validation from '@taxfree/domain/locales/en/validation.json';
import type { FieldError, Resolver } from 'react-hook-form';
import { formatDate } from '@/lib/format';
import { currentLanguage, i18n } from '@/lib/i18n';
import { amountRefusalText, readKeptAmount } from '@/lib/typed-amount';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A message key of the `validation` catalogue with its values (a date as the user reads it). */
function messageOf(message: string, params: Record<string, unknown> | undefined): string {
  if (!params) return message;
  const values = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' && ISO_DAY.test(value) ? formatDate(value) : value,
    ]),
  );
  return i18n.t(message as keyof typeof validation, { ns: 'validation', ...values });
}

/**
 * The step schema as a form's resolver. Unlike `zodResolver`, it keeps the values of a message
 * ("not after the export deadline ({{date}})"): those messages arrive translated, the others as
 * keys for `useFieldError`. The amount paid is read as typed in the interface language first: text
 * that is no amount is refused with its own message, never sent as another amount.
 */
export function stepResolver(
  schema: ReturnType<typeof stageStepFormSchema>,
): Resolver<FormStageStepInput, unknown, FormStageStep> {
  return async (values) => {
    const language = currentLanguage();
    const errors: Record<string, FieldError> = {};
    let read = values;
    if ('paid_amount' in values && typeof values.paid_amount === 'string') {
      const amount = readKeptAmount(values.paid_amount, language);
      if (amount.ok) read = { ...values, paid_amount: amount.text };
      else {
        errors.paid_amount = {
          type: 'custom',
          message: amountRefusalText(amount.reason, language),
        };
      }
    }
    const result = await schema.safeParseAsync(read);
    if (result.success && Object.keys(errors).length === 0) {
      return { values: result.data, errors: {} };
    }
    for (const issue of result.error?.issues ?? []) {
      const name = issue.path.join('.');
      if (errors[name]) continue;
      const params = 'params' in issue ? (issue.params as Record<string, unknown>) : undefined;
      errors[name] = { type: issue.code, message: messageOf(issue.message, params) };
    }
    return { values: {}, errors };
  };
}
