import fc from 'fast-check';
import { issuePayload } from '../support/factories.ts';
import { galleryInput, promotionInput, type FuzzContext } from './fuzz-context.ts';
import {
  deepMarker,
  hostileJson,
  hostileNumber,
  hostileString,
  nastyString,
  unstorableString,
} from './values.ts';

/** A valid body for a route, as the web app would send it, taken from the fuzzer's context. */
type BasePayload = (ctx: FuzzContext) => unknown;

/**
 * The valid body of each route that takes one, keyed by `METHOD path` as the OpenAPI document
 * names it. A route missing here is still fuzzed with random bodies.
 */
export const BASE_PAYLOADS: Record<string, BasePayload> = {
  'POST /api/v2/authorization': (ctx) => ({
    accountno: ctx.loginTarget.accountNo,
    username: ctx.loginTarget.username,
    password: ctx.loginTarget.password,
    apptype: 'WEB',
    environment: 'Production',
    deviceuid: 'fuzz-device',
    isRetailerWebPortal: true,
  }),
  'POST /api/v2/companies/{companyId}/users/password': (ctx) => ({
    oldPassword: ctx.main.password,
    password: 'a-new-password-1',
    confirmPassword: 'a-new-password-1',
  }),
  'POST /api/v2/resetPassword': (ctx) => ({
    accountno: ctx.resetTarget.accountNo,
    email: ctx.resetTarget.email,
  }),
  'POST /api/v2/resetPassword/{token}': (ctx) => ({
    accountno: ctx.resetTarget.accountNo,
    token: ctx.resetTarget.token,
    password: 'reset-password-1',
    confirmPassword: 'reset-password-1',
  }),
  'PUT /api/v2/companies/{companyId}/users/{userId}': (ctx) => ({
    name: 'Ana Kovač',
    email: 'ana@shop.example',
    mobile: '+385 91 123 4567',
    image: ctx.main.images[0],
    country: 'HR',
    thumb: 1,
  }),
  'PUT /api/v2/companies/{companyId}/retailers/{branchId}': (ctx) => ({
    branch: {
      branch_name: `Branch ${ctx.main.accountNo}`,
      website: 'www.shop.example',
      description: 'Coats and shoes',
      logo: ctx.main.images[1],
      product_category: 'fashion,luxury',
      location: '{"latitude":45.81,"longitude":15.98}',
    },
  }),
  'POST /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/issue': () => issuePayload(),
  'POST /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/update/{formId}': () =>
    issuePayload(),
  'POST /api/v2/companies/{companyId}/retailers/{branchId}/taxforms/computeRefund': () => ({
    grossAmt: 147.6,
    vatAmt: 27.6,
    rate: 25,
    form_type: 'HR',
  }),
  'POST /api/v2/companies/{companyId}/retailers/{branchId}/promotions': (ctx) => ({
    promotion: promotionInput(ctx.main.images[0]!),
  }),
  'PUT /api/v2/companies/{companyId}/retailers/{branchId}/promotions/{id}': (ctx) => ({
    promotion: promotionInput(ctx.main.images[0]!),
  }),
  'POST /api/v2/companies/{companyId}/retailers/{branchId}/gallery': (ctx) => ({
    gallery: galleryInput(ctx.main.images[1]!),
  }),
  'PUT /api/v2/companies/{companyId}/retailers/{branchId}/gallery/{id}': (ctx) => ({
    gallery: galleryInput(ctx.main.images[1]!),
  }),
  'POST /go-service/api/company/{companyId}/tfsform/cancel_tfs_form/{formId}': () => ({
    cancel_reason: 'Other',
    cancel_comments: 'Changed plans',
  }),
};

/** One change to a valid body; `pick` chooses the place, modulo the places there are. */
export type Mutation =
  | { op: 'drop'; pick: number }
  | { op: 'set'; pick: number; value: unknown }
  | { op: 'blowUp'; pick: number; size: number }
  | { op: 'add'; pick: number; key: string; value: unknown }
  | { op: 'wrap'; pick: number }
  | { op: 'text'; pick: number; value: string; at: 'replace' | 'start' | 'end' };

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, [], {}, true, false, 0, -1, '', ' ', [null], { '': null }),
  hostileString,
  hostileNumber,
  deepMarker,
  hostileJson,
);

const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  weighted(1, fc.record({ op: fc.constant('drop' as const), pick: fc.nat() })),
  weighted(2, fc.record({ op: fc.constant('set' as const), pick: fc.nat(), value: wrongType })),
  weighted(
    1,
    fc.record({
      op: fc.constant('blowUp' as const),
      pick: fc.nat(),
      size: fc.constantFrom(2, 101, 1_001, 20_000),
    }),
  ),
  weighted(
    1,
    fc.record({
      op: fc.constant('add' as const),
      pick: fc.nat(),
      key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'extra'), nastyString),
      value: wrongType,
    }),
  ),
  weighted(1, fc.record({ op: fc.constant('wrap' as const), pick: fc.nat() })),
  // A hostile text where a text belongs, so it gets past the type checks to the rules and SQL.
  weighted(
    4,
    fc.record({
      op: fc.constant('text' as const),
      pick: fc.nat(),
      value: fc.oneof(unstorableString, hostileString),
      at: fc.constantFrom('replace' as const, 'start' as const, 'end' as const),
    }),
  ),
);

type Path = (string | number)[];

function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (path.length > 0) out.push(path);
  if (Array.isArray(value)) value.forEach((item, k) => pathsOf(item, [...path, k], out));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...path, key], out);
  return out;
}

function containersOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (value && typeof value === 'object') {
    out.push(path);
    for (const [key, item] of Object.entries(value)) containersOf(item, [...path, key], out);
  }
  return out;
}

function at(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root);
}

function blowUp(value: unknown, size: number): unknown {
  if (typeof value === 'string') return (value || 'x').repeat(Math.ceil(size / 2));
  if (Array.isArray(value)) return Array.from({ length: size }, () => value[0] ?? null);
  if (typeof value === 'number') return value * 10 ** Math.min(size, 300);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Array.from({ length: Math.min(size, 5_000) }, (_, k) => [`k${k}`, value]),
    );
  return value;
}

/** Applies the mutations to a copy of the body; a mutation of the root replaces the body. */
export function mutate(base: unknown, mutations: Mutation[]): unknown {
  let root: unknown = structuredClone(base);
  for (const m of mutations) {
    if (m.op === 'add') {
      const containers = containersOf(root);
      if (containers.length === 0) continue;
      const target = at(root, containers[m.pick % containers.length]!);
      if (Array.isArray(target)) target.push(m.value);
      else
        Object.defineProperty(target, m.key, {
          value: m.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      continue;
    }
    if (m.op === 'text') {
      const texts = pathsOf(root).filter((p) => typeof at(root, p) === 'string');
      if (texts.length === 0) continue;
      const path = texts[m.pick % texts.length]!;
      const parent = at(root, path.slice(0, -1)) as Record<string | number, string>;
      const key = path.at(-1)!;
      const old = parent[key]!;
      parent[key] = m.at === 'replace' ? m.value : m.at === 'start' ? m.value + old : old + m.value;
      continue;
    }
    const paths = pathsOf(root);
    if (paths.length === 0) {
      if (m.op === 'set') root = m.value;
      if (m.op === 'wrap') root = [root];
      continue;
    }
    const path = paths[m.pick % paths.length]!;
    const parent = at(root, path.slice(0, -1)) as Record<string | number, unknown>;
    const key = path.at(-1)!;
    if (m.op === 'drop') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else if (m.op === 'set') parent[key] = m.value;
    else if (m.op === 'wrap') parent[key] = [parent[key]];
    else parent[key] = blowUp(parent[key], m.size);
  }
  return root;
}
