import { describe, expect, it } from 'vitest';
import { keepPreviousDataOf, tenantKey } from './tenant-key';

const ilica = { companyId: '7', branchId: '9' };
const split = { companyId: '7', branchId: '11' };

describe("a list's placeholder", () => {
  it("keeps the same branch's previous results while a new search loads, never another's", () => {
    const placeholder = keepPreviousDataOf(ilica);
    const rows = { pages: [['form 1']] };
    expect(placeholder(rows, { queryKey: ['taxforms', 'list', tenantKey(ilica), {}] })).toBe(rows);
    expect(placeholder(rows, { queryKey: ['taxforms', 'list', tenantKey(split), {}] })).toBe(
      undefined,
    );
    expect(placeholder(undefined, undefined)).toBe(undefined);
  });
});
