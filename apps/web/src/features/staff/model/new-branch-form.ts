import type { NewBranch } from '@taxfree/domain';

/** The Add a branch form: every field as typed, '' for one left empty. */
export type NewBranchFormValues = {
  branch_name: string;
  address: string;
  city: string;
  postcode: string;
};

export const NEW_BRANCH_FIELDS = ['branch_name', 'address', 'city', 'postcode'] as const;

export const EMPTY_BRANCH: NewBranchFormValues = {
  branch_name: '',
  address: '',
  city: '',
  postcode: '',
};

/** What `POST …/retailers` takes: the name, and only the other fields that were filled in. */
export function toNewBranchPayload(values: NewBranch): NewBranch {
  const payload: NewBranch = { branch_name: values.branch_name };
  for (const field of ['address', 'city', 'postcode'] as const) {
    const value = values[field]?.trim();
    if (value) payload[field] = value;
  }
  return payload;
}
