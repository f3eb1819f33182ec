import type { Branch, NewBranch } from '@taxfree/domain';

/** The branch form (add or edit): every field as typed, '' for one left empty. */
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

/** The edit form, filled in with the branch as it is: '' for a place it has none of. */
export function toBranchFormValues(branch: Branch): NewBranchFormValues {
  return {
    branch_name: branch.branch_name,
    address: branch.address ?? '',
    city: branch.city ?? '',
    postcode: branch.postcode ?? '',
  };
}

/**
 * What `POST …/retailers` and `PUT …/branches/{id}` take: the name, and only the other fields that
 * were filled in (an edit leaves out the ones emptied, which clears them).
 */
export function toNewBranchPayload(values: NewBranch): NewBranch {
  const payload: NewBranch = { branch_name: values.branch_name };
  for (const field of ['address', 'city', 'postcode'] as const) {
    const value = values[field]?.trim();
    if (value) payload[field] = value;
  }
  return payload;
}
