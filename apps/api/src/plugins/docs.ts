import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, mayDo, TILL_ROLE, type Capability } from '@taxfree/domain';
import { nullableOnBranches, withoutUnusedSchemas } from './openapi-tidy.ts';
import { OPERATION_IDS } from './operation-ids.ts';
import { webhooksDescription } from './openapi-webhooks.ts';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Schema = TransformInput['schema'];

const FAILURES = {
  '4xx':
    'A refused request: `message` in the language of Accept-Language, `code` from the error table, `errors` per field when the input was invalid',
  503: 'The database cannot be reached just now: try again after Retry-After seconds',
} as const;

/** A multipart body has no zod schema (the route reads its parts as a stream): describe it. */
const MULTIPART_BODY = {
  type: 'object',
  properties: {
    image0: { type: 'string', format: 'binary', description: 'the first picture' },
    image1: { type: 'string', format: 'binary', description: 'a further picture, and so on' },
    filerename: { type: 'string', enum: ['true'], description: 'names are always new' },
  },
  required: ['image0'],
};

/**
 * Whether a till's API key may call a route signed in with a bearer token: none of its hooks
 * allows a capability (`app.allow`) that a till lacks.
 */
function openToTills(route: TransformInput['route']): boolean {
  const hooks = [route.onRequest ?? []].flat() as { capability?: Capability }[];
  return hooks.every((hook) => !hook.capability || mayDo(TILL_ROLE, hook.capability));
}

/** The route's security, with a till's key beside a person's session where a till may call it. */
function securityOf(input: TransformInput): Record<string, string[]>[] {
  const security = (input.schema?.security ?? []) as Record<string, string[]>[];
  const bearer = security.some((scheme) => 'bearer' in scheme);
  return bearer && openToTills(input.route) ? [...security, { apiKey: [] }] : security;
}

/**
 * Every route as described: its own schemas, plus the failures any route may answer. Those are
 * built by the error handler, so they are not in the routes' response schemas (which serialize
 * successes only).
 */
function describeRoute(input: TransformInput) {
  if (!input.schema || input.schema.hide) return jsonSchemaTransform(input);
  const method = [input.route.method].flat()[0];
  const operationId = OPERATION_IDS[`${method} ${input.url.replace(/:(\w+)/g, '{$1}')}`];
  const withFailures: Schema = {
    ...input.schema,
    response: {
      '4xx': errorEnvelopeSchema,
      503: errorEnvelopeSchema,
      ...((input.schema.response as Record<string, unknown> | undefined) ?? {}),
    },
  };
  const output = jsonSchemaTransform({ ...input, schema: withFailures });
  const response = output.schema?.response as Record<string, { description?: string }> | undefined;
  for (const [status, description] of Object.entries(FAILURES)) {
    if (response?.[status]) response[status].description = description;
  }
  // A route without a success schema sends a stored file's bytes.
  // Its `produces` names the file's types; failures still answer JSON.
  if (response && !Object.keys(response).some((status) => status.startsWith('2'))) {
    const bytes = { schema: { type: 'string', format: 'binary' } };
    response[200] = {
      description: "The file's bytes, its type in Content-Type, with ETag and long caching",
      content: Object.fromEntries((input.schema.produces ?? []).map((type) => [type, bytes])),
    } as { description: string };
    output.schema = { ...output.schema, produces: undefined };
  }
  if (input.schema.consumes?.includes('multipart/form-data') && !input.schema.body) {
    output.schema = { ...output.schema, body: MULTIPART_BODY };
  }
  // An operation that names no security is open to anyone, and says so (`security: []`).
  output.schema = {
    ...output.schema,
    ...(operationId && { operationId }),
    security: securityOf(input),
  };
  return output;
}

/** The OpenAPI description at /api/docs/json and its browsable page at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Tax Free Retailer Portal API',
        description: 'The retailer API (/api/v2), the core service and the go service.',
        version: '2.0.0',
        license: { name: 'Proprietary', url: '/' },
      },
      // Relative: the description is served by the portal it describes, wherever that is.
      servers: [{ url: '/', description: 'This portal' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: "A person's session: the token from `POST /api/v2/authorization`.",
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'tfk_…',
            description:
              "A till's API key (`tfk_…`, from `POST /api/v2/companies/{companyId}/apiKeys`), sent as a bearer token: it may call what a clerk of its branch may, and the operations that list it.",
          },
          basic: {
            type: 'http',
            scheme: 'basic',
            description:
              "The go service's calls: the account number as the user name, and a session's token or a till's API key as the password.",
          },
        },
      },
    },
    transform: describeRoute,
    // The shared shapes under components.schemas (@taxfree/domain/schema-names names them).
    transformObject: (document) =>
      withoutUnusedSchemas({
        ...(nullableOnBranches(jsonSchemaTransformObject(document)) as Record<string, unknown>),
        'x-webhooks': webhooksDescription(),
      }),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Its own policy lets the page be framed by the portal's origin: like every page, by none.
    transformStaticCSP: (header) =>
      header.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
});
