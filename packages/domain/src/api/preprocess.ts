import * as z from 'zod/mini';

/**
 * `schema` checking what `read` makes of the value first: zod's `preprocess`, which zod/mini
 * writes as a pipe from a transform (the same schema, the same JSON Schema: the pipe's input is
 * described by `schema`).
 */
export function preprocess<T extends z.ZodMiniType>(read: (value: unknown) => unknown, schema: T) {
  return z.pipe(z.transform(read), schema);
}
