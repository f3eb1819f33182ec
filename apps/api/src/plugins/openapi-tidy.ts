type Node = { [keyword: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * OpenAPI 3.0 wants `nullable` beside a `type`: a nullable union (`anyOf` with `nullable: true`
 * and no type of its own, as zod writes `z.union([…]).nullable()`) gets it on each branch
 * instead, which means the same. Walks the whole document; returns a new one.
 */
export function nullableOnBranches(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullableOnBranches);
  if (!isNode(value)) return value;
  const out: Node = {};
  for (const [keyword, inner] of Object.entries(value)) {
    // Literal values (defaults, constants, enums, examples) are data, not schemas.
    out[keyword] = ['const', 'default', 'enum', 'example', 'examples'].includes(keyword)
      ? inner
      : nullableOnBranches(inner);
  }
  if (out.nullable === true && Array.isArray(out.anyOf) && out.type === undefined) {
    const { nullable: _nullable, ...rest } = out;
    return {
      ...rest,
      anyOf: out.anyOf.map((branch) =>
        isNode(branch) && typeof branch.type === 'string' ? { ...branch, nullable: true } : branch,
      ),
    };
  }
  return out;
}
