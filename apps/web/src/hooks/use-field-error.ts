import type validation from '@taxfree/domain/locales/en/validation.json';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type ValidationKey = keyof typeof validation;

/**
 * A field's error as the user should read it: the schemas' messages are keys of the
 * `validation` catalogue; messages the server put on a field are already translated.
 */
export function useFieldError(): (error: FieldError | undefined) => string | undefined {
  const { t, i18n } = useTranslation('validation');
  return (error) => {
    const message = error?.message;
    if (!message) return undefined;
    return i18n.exists(message, { ns: 'validation' }) ? t(message as ValidationKey) : message;
  };
}
