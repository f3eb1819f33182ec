import { describe, expect, it } from 'vitest';
import { emptyNewKey, newKeyFormSchema, toNewKeyPayload } from './new-key-form';

describe('the New key form', () => {
  it('sends the branch as a number, and a last day only when one was given', () => {
    const filled = newKeyFormSchema.parse({ name: ' Till 2 ', branch_id: '7', expires_on: '' });
    expect(toNewKeyPayload(filled)).toEqual({ name: 'Till 2', branch_id: 7 });
    const ending = newKeyFormSchema.parse({ ...filled, expires_on: '2027-01-31' });
    expect(toNewKeyPayload(ending)).toEqual({
      name: 'Till 2',
      branch_id: 7,
      expires_on: '2027-01-31',
    });
  });

  it('asks for a name and a branch', () => {
    const result = newKeyFormSchema.safeParse(emptyNewKey());
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(messages).toEqual([
      ['name', 'keyNameRequired'],
      ['branch_id', 'branchRequired'],
    ]);
    const typo = newKeyFormSchema.safeParse({ name: 'Till', branch_id: '7', expires_on: '31.02.' });
    expect(typo.error?.issues.map((issue) => issue.message)).toEqual(['dateInvalid']);
  });
});
