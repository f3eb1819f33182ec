import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type JsonSchema = { [keyword: string]: unknown };
type Serialize = (data: unknown) => string;

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `anyOf: [X, { type: 'null' }]`, which is how a nullable field reads in JSON Schema, as X with
 * `nullable: true`: the serializer then writes it with one test for null, instead of trying each
 * branch with a validator. Walks the whole schema; returns a new one.
 */
export function withNullables(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullables);
  if (!isSchema(schema)) return schema;
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    // Literal values (defaults, constants, enums, examples) are data, not schemas.
    out[keyword] = ['const', 'default', 'enum', 'examples'].includes(keyword)
      ? value
      : withNullables(value);
  }
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullAt = branches.findIndex((branch) => isSchema(branch) && branch.type === 'null');
    const other = branches[1 - nullAt] as unknown;
    if (nullAt !== -1 && isSchema(other) && typeof other.type === 'string') {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

/**
 * The response schema as JSON Schema, or null when zod cannot express it (a transform, a custom
 * check): those answers keep zod's encoder.
 */
function jsonSchemaOf(schema: $ZodType): JsonSchema | null {
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    }) as JsonSchema;
    delete json.$schema;
    return withNullables(json) as JsonSchema;
  } catch {
    return null;
  }
}

/**
 * Compiles one response schema into a serializer. An object's undeclared properties are never
 * written (`additionalProperties: false`, as zod's output schema says), exactly as zod strips
 * them: a field added to a row never leaks into an answer. What changes is the work: the
 * compiled function writes the declared fields straight into the JSON text, where zod first
 * copies and re-checks the whole answer and `JSON.stringify` then walks the copy (about a tenth
 * of a list call's time). The answer's types are the handler's, checked by TypeScript against
 * the same schema.
 */
export function compileSerializer(schema: $ZodType): Serialize | null {
  const json = jsonSchemaOf(schema);
  if (!json) return null;
  try {
    return fastJson(json as unknown as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return null;
  }
}

/** Fastify's serializer compiler: compiled where the schema allows, zod's encoder elsewhere. */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const { schema } = route;
  const zodSchema =
    schema instanceof $ZodType
      ? schema
      : isSchema(schema) && schema.properties instanceof $ZodType
        ? schema.properties
        : null;
  const compiled = zodSchema ? compileSerializer(zodSchema) : null;
  return compiled ?? zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
};
