import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { FuzzContext, Shop } from './fuzz-context.ts';
import {
  authArb,
  contentTypeArb,
  extraHeadersArb,
  knownLanguageArb,
  languageArb,
  remoteAddressArb,
  type Auth,
  type LanguageSpec,
} from './headers.ts';
import { MULTIPART_VARIANTS, type MultipartVariant } from './multipart.ts';
import { BASE_PAYLOADS, mutation, type Mutation } from './payloads.ts';
import {
  hostileJson,
  hostileString,
  nastyString,
  percentEncode,
  rawUrlPiece,
  unstorableString,
} from './values.ts';

/** One operation of the OpenAPI document: how the fuzzer learns every route. */
export type Route = {
  method: string;
  /** The path as OpenAPI writes it, with `{name}` parameters. */
  path: string;
  params: string[];
  security: 'bearer' | 'basic' | 'none';
  /** Names of the query parameters the route declares. */
  query: string[];
  /** Names of the path parameters that are text rather than numbers. */
  textParams: string[];
  /** `METHOD path`, the key of BASE_PAYLOADS. */
  key: string;
};

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: Record<string, unknown>[];
        parameters?: { in: string; name: string; schema?: { type?: string } }[];
      }
    >
  >;
};

export async function listRoutes(app: FastifyInstance): Promise<Route[]> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = response.json<Partial<OpenApi>>();
  if (response.statusCode !== 200 || !doc.paths)
    throw new Error(`no OpenAPI document: ${response.statusCode} ${response.body.slice(0, 500)}`);
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const scheme = Object.keys(operation.security?.[0] ?? {})[0];
      return {
        method: method.toUpperCase(),
        path,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        security: scheme === 'bearer' || scheme === 'basic' ? scheme : 'none',
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        textParams: (operation.parameters ?? [])
          .filter((p) => p.in === 'path' && p.schema?.type === 'string')
          .map((p) => p.name),
        key: `${method.toUpperCase()} ${path}`,
      };
    }),
  );
}

/** A value known only once the context exists (ids, tokens), or a literal, already encoded. */
export type Piece = string | { ref: 'own' | 'other'; index: number };

export type BodySpec =
  | { kind: 'none' }
  | { kind: 'base'; mutations: Mutation[] }
  | { kind: 'truncated'; mutations: Mutation[]; cut: number }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: number[] }
  | { kind: 'multipart'; variant: MultipartVariant; cut: number };

export type RequestSpec = {
  route: Route;
  method: string;
  params: Record<string, Piece>;
  query: string;
  auth: Auth;
  language: LanguageSpec;
  /** undefined: what fits the body; null: none at all. */
  contentType?: string | null;
  headers: Record<string, string>;
  body: BodySpec;
  remoteAddress: string;
};

/**
 * A query string of hostile pairs, mostly on the route's own parameters, repeated keys included
 * (`?page=1&page=2`).
 */
export const queryArb = (route: Route): fc.Arbitrary<string> =>
  fc.oneof(
    fc
      .array(
        fc.tuple(
          fc.oneof(
            ...(route.query.length > 0
              ? [{ weight: 6, arbitrary: fc.constantFrom(...route.query) }]
              : []),
            {
              weight: 2,
              arbitrary: fc.constantFrom(
                'page',
                'perPage',
                'search',
                'days',
                'from',
                'to',
                'page[]',
                'search[a]',
                '__proto__',
                'constructor[prototype]',
              ),
            },
            { weight: 1, arbitrary: nastyString.map(percentEncode) },
          ),
          fc.oneof(
            {
              weight: 2,
              arbitrary: fc.constantFrom(
                '-1',
                '0',
                '1',
                '2',
                '1.5',
                '1e3',
                '1e400',
                'NaN',
                'abc',
                '',
                '99999999999999999999',
                '2147483648',
                '100001',
                '101',
                '%00',
                'a%00b',
                '%',
                '%ZZ',
                '%2F',
                '2026-01-01',
                '2026-13-45',
                '0000-00-00',
                '1900-01-01',
                '9999-12-31',
                '%25',
                '%5F',
                'x'.repeat(200),
                '+',
                'Zhang+Wei',
              ),
            },
            { weight: 2, arbitrary: rawUrlPiece },
          ),
        ),
        { maxLength: 6 },
      )
      .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
    fc.constantFrom('page=1&page=2', 'perPage=5&perPage=-5', '&&&', '=', 'a=b=c', '?', 'search'),
  );

const ownValue = fc.nat(7).map((index) => ({ ref: 'own' as const, index }));

const hostilePiece: fc.Arbitrary<Piece> = fc.oneof(
  { weight: 4, arbitrary: rawUrlPiece },
  { weight: 1, arbitrary: fc.nat(7).map((index) => ({ ref: 'other' as const, index })) },
);

/**
 * The route's path parameters: when they are the focus, one of them hostile and the others
 * the shop's own, so the hostile one gets past the tenant check; now and then all of them.
 */
function paramsArb(route: Route, focus: boolean): fc.Arbitrary<Record<string, Piece>> {
  const own = (names: string[]) => fc.record(Object.fromEntries(names.map((p) => [p, ownValue])));
  if (!focus || route.params.length === 0) return own(route.params);
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...route.params), hostilePiece, own(route.params))
        .map(([name, piece, values]) => ({ ...values, [name]: piece })),
    },
    {
      weight: 1,
      arbitrary: fc.record(Object.fromEntries(route.params.map((p) => [p, hostilePiece]))),
    },
  );
}

const MRZ =
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10';
const QR = 'TFT1|ERIKSSON|ANNA%20MARIA|L898902C3|UTO|UTO|1974-08-12';

/** The real value of a parameter for a shop: its own ids, tokens and names. */
function paramValue(ctx: FuzzContext, route: Route, name: string, shop: Shop, index: number) {
  const pick = <T>(list: T[]) => list[index % list.length]!;
  switch (name) {
    case 'companyId':
      return String(shop.companyId);
    case 'branchId':
      return String(shop.branchId);
    case 'userId':
      return String(shop.userId);
    case 'formId':
      return String(pick(shop.forms));
    case 'id':
      return String(pick(route.path.includes('/gallery/') ? shop.gallery : shop.promotions));
    case 'token':
      return ctx.resetTarget.token;
    case 'passport':
      return shop.passport;
    case 'code':
      return percentEncode(pick([MRZ, QR, shop.passport]));
    case 'name':
      return pick([...shop.images, ...shop.pdfs]);
    case 'accountNo':
      return shop.accountNo;
    default:
      return '1';
  }
}

export function resolvePiece(ctx: FuzzContext, route: Route, name: string, piece: Piece): string {
  if (typeof piece === 'string') return piece;
  return paramValue(ctx, route, name, piece.ref === 'own' ? ctx.main : ctx.other, piece.index);
}
/** Which part of a request is hostile; `valid` is a request as the web app sends it. */
export type Focus = 'valid' | 'body' | 'text' | 'query' | 'params' | 'headers' | 'everything';

const bodyArb = (route: Route): fc.Arbitrary<BodySpec> => {
  // Mostly one change, so that it alone meets the rules and the SQL; now and then several.
  const mutations = fc.oneof(
    { weight: 3, arbitrary: mutation.map((m) => [m]) },
    { weight: 1, arbitrary: fc.array(mutation, { minLength: 2, maxLength: 4 }) },
  );
  const arbs: fc.WeightedArbitrary<BodySpec>[] = [
    { weight: 2, arbitrary: hostileJson.map((value) => ({ kind: 'json' as const, value })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '',
          'null',
          '[',
          '{',
          '{"a":',
          '1e400',
          '{"grossAmt":1e400,"vatAmt":-1e400}',
          '{"__proto__":{"isAdmin":true}}',
          '{"constructor":{"prototype":{"x":1}}}',
          '{"a":1,"a":2}',
          '\uFEFF{}',
          '{}garbage',
          '"\\ud800"',
          '{"x":"\\u0000"}',
          '123456789012345678901234567890',
        )
        .map((text) => ({ kind: 'text' as const, text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.nat(255), { maxLength: 64 })
        .map((bytes) => ({ kind: 'bytes' as const, bytes })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  ];
  if (BASE_PAYLOADS[route.key]) {
    arbs.push(
      { weight: 6, arbitrary: mutations.map((m) => ({ kind: 'base' as const, mutations: m })) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.array(mutation, { maxLength: 2 }), fc.nat())
          .map(([m, cut]) => ({ kind: 'truncated' as const, mutations: m, cut })),
      },
    );
  }
  if (route.path.includes('fileupload')) {
    arbs.push({
      weight: 8,
      arbitrary: fc
        .tuple(fc.constantFrom(...MULTIPART_VARIANTS), fc.nat())
        .map(([variant, cut]) => ({ kind: 'multipart' as const, variant, cut })),
    });
  }
  return fc.oneof(...arbs);
};

/** The body that gets past validation: the route's valid payload, or a valid upload. */
function validBody(route: Route): BodySpec {
  if (route.path.includes('fileupload')) return { kind: 'multipart', variant: 'valid', cut: 0 };
  if (BASE_PAYLOADS[route.key]) return { kind: 'base', mutations: [] };
  return { kind: 'none' };
}

/**
 * A request to `route` with the focused part hostile and the rest as the web app sends it, so
 * the hostile part reaches as far into the handler as it can. One in five goes without a
 * session.
 */
/** Whether the route has anywhere to put a text: a body field, a query or a text parameter. */
export function takesText(route: Route): boolean {
  return Boolean(BASE_PAYLOADS[route.key]) || route.query.length > 0 || route.textParams.length > 0;
}

/**
 * One hostile text (NUL, lone surrogates, right-to-left marks, combining marks, emoji, very long)
 * in one place of an otherwise valid request: a text field of the body, a query value or a text
 * path parameter.
 */
function textSlotArb(route: Route): fc.Arbitrary<Partial<RequestSpec>> {
  const text = fc.oneof(unstorableString, hostileString);
  const slots: fc.Arbitrary<Partial<RequestSpec>>[] = [];
  if (BASE_PAYLOADS[route.key]) {
    slots.push(
      fc
        .record({ pick: fc.nat(), value: text, at: fc.constantFrom('replace', 'start', 'end') })
        .map(({ pick, value, at }) => ({
          body: {
            kind: 'base' as const,
            mutations: [{ op: 'text' as const, pick, value, at: at as 'replace' }],
          },
        })),
    );
  }
  if (route.query.length > 0) {
    slots.push(
      fc
        .tuple(fc.constantFrom(...route.query), text)
        .map(([name, value]) => ({ query: `${name}=${percentEncode(value)}` })),
    );
  }
  if (route.textParams.length > 0) {
    slots.push(
      fc
        .tuple(fc.constantFrom(...route.textParams), text)
        .map(([name, value]) => ({ params: { [name]: percentEncode(value) } })),
    );
  }
  return fc.oneof(...slots);
}

export function requestArb(route: Route, focus: Focus): fc.Arbitrary<RequestSpec> {
  if (focus === 'text') {
    return fc
      .tuple(requestArb(route, 'valid'), textSlotArb(route))
      .map(([spec, slot]) => ({ ...spec, ...slot, params: { ...spec.params, ...slot.params } }));
  }
  const hostile = (part: Focus) => focus === part || focus === 'everything';
  const defaultAuth: Auth = route.security === 'none' ? 'none' : route.security;
  return fc.record({
    route: fc.constant(route),
    method:
      route.method === 'GET'
        ? fc.constantFrom('GET', 'GET', 'GET', 'HEAD')
        : fc.constant(route.method),
    params: paramsArb(route, hostile('params')),
    query: hostile('query') ? queryArb(route) : fc.constant(''),
    auth: hostile('headers')
      ? authArb
      : fc.oneof(
          { weight: 4, arbitrary: fc.constant(defaultAuth) },
          { weight: 1, arbitrary: fc.constant<Auth>('none') },
        ),
    language: hostile('headers') ? languageArb : knownLanguageArb,
    contentType: hostile('headers')
      ? fc.option(contentTypeArb, { nil: undefined, freq: 2 })
      : fc.constant(undefined),
    headers: hostile('headers') ? extraHeadersArb : fc.constant({}),
    body: hostile('body') ? bodyArb(route) : fc.constant(validBody(route)),
    remoteAddress: remoteAddressArb,
  });
}
