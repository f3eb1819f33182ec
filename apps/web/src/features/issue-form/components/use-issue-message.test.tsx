import { act, screen } from '@testing-library/react';
import type { CountryIssue } from '@taxfree/domain';
import hrValidation from '@taxfree/domain/locales/hr/validation.json';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { useIssueMessage } from './use-issue-message';

const SHORT: CountryIssue = {
  rule: 'minimum',
  path: ['invoice', 0, 'gross_sales_price'],
  message: 'belowMinimumPerInvoice',
  params: { minimum: '100.01 EUR', missing: '1,050.01 EUR' },
};

function Message({ issue }: { issue: CountryIssue }) {
  return <p>{useIssueMessage()(issue)}</p>;
}

describe("a country rule's message", () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('writes its amounts as the language does', async () => {
    i18n.addResourceBundle('hr', 'validation', hrValidation, true, true);
    await act(() => i18n.changeLanguage('hr'));
    renderWithProviders(<Message issue={SHORT} />);
    expect(await screen.findByText(/Ispod najnižeg iznosa/)).toHaveProperty(
      'textContent',
      'Ispod najnižeg iznosa od 100,01 EUR po računu: nedostaje još 1.050,01 EUR',
    );
  });

  it('and in English as English does', async () => {
    renderWithProviders(<Message issue={SHORT} />);
    expect(await screen.findByText(/Below the minimum/)).toHaveProperty(
      'textContent',
      'Below the minimum of 100.01 EUR per invoice: 1,050.01 EUR more is needed',
    );
  });
});
