import type { FastifyRequest } from 'fastify';
import { standardCategoryKey } from '@taxfree/domain';

/**
 * A product category's or shopping behaviour's name in the request's language while it is one the
 * portal gave the shop (`Odjeća` for Clothing in Croatian); a name the shop wrote, as written.
 */
export function categoryName(
  request: FastifyRequest,
  kind: 'product' | 'promotion',
  code: string,
  name: string,
): string {
  const key = standardCategoryKey(kind, code, name);
  return key ? request.t(key) : name;
}
