import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-error';
import { i18n } from './i18n';
import { notifyWarning } from './notify';

/**
 * The one place a failure that no form field can show becomes a message: a centred warning
 * toast with the server's (already translated) message (SPEC 8). An expired session has been
 * dealt with by the API client, so it is not repeated here.
 */
export function handleError(error: unknown): void {
  if (isApiError(error)) {
    if (error.isUnauthorized) return;
    notifyWarning(error.message);
    return;
  }
  if (error instanceof DOMException && error.name === 'AbortError') return;
  console.error(error);
  notifyWarning(i18n.t('errors.unexpected'));
}

/**
 * The server's field names a form shows: the list of its fields, or, for a form whose rows make up
 * their names (`invoice.0.vat_amount`), a test of a name.
 */
export type FormFields<T extends FieldValues> =
  readonly Path<T>[] | ((field: string) => field is Path<T>);

function fieldOf<T extends FieldValues>(fields: FormFields<T>, field: string): Path<T> | undefined {
  if (typeof fields === 'function') return fields(field) ? field : undefined;
  return fields.find((candidate) => candidate === field);
}

/**
 * Puts the server's field errors on the form's fields. Returns whether every failure found a
 * field, so the caller knows if something is left to show elsewhere.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: FormFields<T>,
): boolean {
  if (!isApiError(error) || error.errors.length === 0) return false;
  let allPlaced = true;
  for (const { field, message } of error.errors) {
    const name = fieldOf(fields, field);
    if (name) setError(name, { type: 'server', message });
    else allPlaced = false;
  }
  return allPlaced;
}

/** The message of any failure, for screens that show it in an inline alert. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : i18n.t('errors.unexpected');
}

/**
 * For forms that show no alert of their own: field errors go on the fields, anything else
 * becomes the central warning toast.
 */
export function handleFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: FormFields<T>,
): void {
  if (!applyFieldErrors(error, setError, fields)) handleError(error);
}
