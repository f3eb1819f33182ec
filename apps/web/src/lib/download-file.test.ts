import { describe, expect, it } from 'vitest';
import { attachmentName, formatBytes } from './download-file';

describe('attachmentName', () => {
  it('reads the name the server gives the file', () => {
    expect(attachmentName('attachment; filename="tax-forms-2026-11-24.xlsx"')).toBe(
      'tax-forms-2026-11-24.xlsx',
    );
  });

  it('answers null when the answer names no file', () => {
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName('inline')).toBeNull();
  });
});

describe('formatBytes', () => {
  it('shows kilobytes below a megabyte and one decimal of megabytes above', () => {
    expect(formatBytes(850_000, 'en')).toBe('850 kB');
    expect(formatBytes(1_234_567, 'en')).toBe('1.2 MB');
  });

  it("writes the number in the user's language", () => {
    expect(formatBytes(1_234_567, 'de')).toBe('1,2 MB');
  });
});
