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

/**
 * The document without the named schemas nothing refers to: each shared shape is written once for
 * what clients send and once for what they receive (`TaxFormPayloadInput`, `TaxForm`), and only
 * the ones an operation uses, or a used one contains, stay.
 */
export function withoutUnusedSchemas(document: Node): Node {
  const components = isNode(document.components) ? document.components : {};
  let schemas = isNode(components.schemas) ? components.schemas : {};
  for (;;) {
    const text = JSON.stringify({ ...document, components: { ...components, schemas } });
    const used = Object.keys(schemas).filter((name) =>
      text.includes(`"#/components/schemas/${name}"`),
    );
    if (used.length === Object.keys(schemas).length) break;
    // A schema that only an unused one refers to goes in the next round.
    const kept = Object.fromEntries(used.map((name) => [name, schemas[name]]));
    const referenced = (name: string) =>
      Object.entries(kept).some(
        ([other, schema]) =>
          other !== name && JSON.stringify(schema).includes(`"#/components/schemas/${name}"`),
      ) ||
      JSON.stringify({ ...document, components: {} }).includes(`"#/components/schemas/${name}"`);
    schemas = Object.fromEntries(used.filter(referenced).map((name) => [name, schemas[name]]));
  }
  return { ...document, components: { ...components, schemas } };
}
