import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/**
 * NUL, which PostgreSQL text cannot hold (it fails the statement), and a UTF-16 half without its
 * pair, which no UTF-8 text can hold (the driver would store U+FFFD in its place, silently).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where in a parsed input the first unstorable text is, as a field path ('' for the input
 * itself), or null. Walks with its own stack: a body may nest a hundred thousand levels deep.
 */
export function findUnstorableText(input: unknown): string | null {
  return holdsUnstorableText(input) ? pathOfUnstorableText(input) : null;
}

/** Whether any text or key in the input is unstorable: the check every request pays for. */
function holdsUnstorableText(input: unknown): boolean {
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (UNSTORABLE.test(node)) return true;
      continue;
    }
    if (node === null || typeof node !== 'object' || ArrayBuffer.isView(node)) continue;
    const fields = node as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      if (UNSTORABLE.test(key)) return true;
      stack.push(fields[key]);
    }
  }
  return false;
}

/** The path of the first unstorable text, building paths only once one is known to be there. */
function pathOfUnstorableText(input: unknown): string | null {
  const stack: [unknown, string][] = [[input, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (UNSTORABLE.test(node)) return path;
      continue;
    }
    if (node === null || typeof node !== 'object' || ArrayBuffer.isView(node)) continue;
    for (const [key, child] of Object.entries(node)) {
      const field = path ? `${path}.${key}` : key;
      if (UNSTORABLE.test(key)) return field;
      stack.push([child, field]);
    }
  }
  return null;
}

/**
 * Refuses, as a field error, any path parameter, query value or body text that the database
 * could not store as sent: one rule for every route, present and future, instead of a 500 from
 * PostgreSQL or a letter quietly replaced.
 */
export const storableTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, next) => {
    for (const input of [request.params, request.query, request.body]) {
      const field = findUnstorableText(input);
      if (field !== null) {
        next(new AppError('VALIDATION_FAILED', { errors: [{ field, message: 'invalidValue' }] }));
        return;
      }
    }
    next();
  });
});
