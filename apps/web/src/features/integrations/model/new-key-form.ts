import { isIsoDate, newApiKeySchema, type NewApiKey } from '@taxfree/domain';
import * as z from 'zod/mini';

/**
 * The New key form: the fields of `newApiKeySchema`, the branch as the select box holds it (its
 * id as text) and the last day as the date field holds it ('' for none).
 */
export const newKeyFormSchema = z.extend(newApiKeySchema, {
  branch_id: z.string().check(z.minLength(1, 'branchRequired')),
  expires_on: z.string().check(z.refine((day) => day === '' || isIsoDate(day), 'dateInvalid')),
});
export type NewKeyFormValues = z.input<typeof newKeyFormSchema>;
type NewKeyFormOutput = z.output<typeof newKeyFormSchema>;

/** The server's field names the form shows on its own fields. */
export const NEW_KEY_FIELDS = ['name', 'branch_id', 'expires_on'] as const;

/** A new key starts for the branch the manager works in, without a last day. */
export function emptyNewKey(branchId = ''): NewKeyFormValues {
  return { name: '', branch_id: branchId, expires_on: '' };
}

/** What `POST …/apiKeys` takes: the branch as a number, no last day rather than an empty one. */
export function toNewKeyPayload(values: NewKeyFormOutput): NewApiKey {
  return {
    name: values.name,
    branch_id: Number(values.branch_id),
    ...(values.expires_on ? { expires_on: values.expires_on } : {}),
  };
}
