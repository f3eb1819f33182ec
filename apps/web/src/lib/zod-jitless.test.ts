import { describe, expect, it } from 'vitest';
import { config } from 'zod/v4/core';
import './zod-jitless';

describe('zod without eval', () => {
  it('is what zod reads from its settings', () => {
    expect(config().jitless).toBe(true);
  });
});
