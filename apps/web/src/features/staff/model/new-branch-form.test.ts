import { describe, expect, it } from 'vitest';
import { EMPTY_BRANCH, toNewBranchPayload } from './new-branch-form';

describe('a new branch', () => {
  it('sends the name and only the fields filled in', () => {
    expect(toNewBranchPayload({ ...EMPTY_BRANCH, branch_name: 'Riva', city: ' Split ' })).toEqual({
      branch_name: 'Riva',
      city: 'Split',
    });
  });
});
