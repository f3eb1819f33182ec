import { isApiError } from '@/lib/api-error';
import { handleError } from '@/lib/error-handler';
import { notifyError } from '@/lib/notify';

/**
 * SPEC 8 for this screen alone: when the server answers that the update did not succeed, an error
 * toast titled Error carries its message; a call that failed on the way (no answer, a server
 * fault) gives the usual warning toast. An ended session has already been dealt with.
 */
export function reportShopError(error: unknown): void {
  if (isApiError(error) && error.status >= 200 && error.status < 500) {
    if (!error.isUnauthorized) notifyError(error.message);
    return;
  }
  handleError(error);
}
