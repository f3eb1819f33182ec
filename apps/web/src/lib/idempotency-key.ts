/**
 * A random key for a write the server answers once (`Idempotency-Key`): a repeated key gets the
 * first answer, so a double submit or a retry after a lost answer records nothing twice.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const random = () => Math.random().toString(36).slice(2);
  return `${Date.now().toString(36)}-${random()}${random()}`;
}
