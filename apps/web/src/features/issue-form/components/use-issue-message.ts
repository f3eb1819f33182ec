import { figuresIn, type CountryIssue } from '@taxfree/domain';
import type validation from '@taxfree/domain/locales/en/validation.json';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';

type ValidationKey = keyof typeof validation;

/** A country rule's issue as its field, the summary and a scan's warning say it. */
export function useIssueMessage() {
  const { t: tv } = useTranslation('validation');
  const [language] = useLanguage();
  return ({ message, params = {} }: CountryIssue): string => {
    // Amounts and days as the language writes them, as the rest of the form shows them (SPEC 9).
    return tv(message as ValidationKey, figuresIn(params, language));
  };
}
