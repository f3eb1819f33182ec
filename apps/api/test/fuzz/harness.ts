import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ERROR_CODES, LANGUAGES, type Language } from '@taxfree/domain';
import { queryRows } from '../../src/db/client.ts';
import { changedTables, snapshotDatabase, type DatabaseSnapshot } from '../support/db-snapshot.ts';
import { restoreContext, type FuzzContext } from './fuzz-context.ts';
import { BASE_PAYLOADS, mutate } from './payloads.ts';
import { resolveAuth } from './headers.ts';
import { multipartBody } from './multipart.ts';
import { resolvePiece, type BodySpec, type RequestSpec } from './requests.ts';
import { toJsonText } from './values.ts';

type Catalogue = Record<string, unknown>;

function catalogue(language: Language, namespace: 'server' | 'validation'): Catalogue {
  const file = fileURLToPath(
    import.meta.resolve(`@taxfree/domain/locales/${language}/${namespace}.json`),
  );
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Catalogue;
}

const ERROR_TEXTS = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    catalogue(language, 'server').errors as Record<string, string>,
  ]),
) as Record<Language, Record<string, string>>;

const VALIDATION_TEXTS = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    new Set(Object.values(catalogue(language, 'validation')).map(String)),
  ]),
) as Record<Language, Set<string>>;

/** The catalogue text as a pattern: each `{{placeholder}}` stands for any non-empty value. */
function matchesTemplate(template: string, message: string): boolean {
  const pattern = template
    .split(/\{\{\s*\w+\s*\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^{}]+');
  return new RegExp(`^${pattern}$`).test(message);
}

/**
 * Tables a refused request may rightly change, by route: a refused sign-in is counted, or
 * guessing would be free (decision 003); an upload is counted before its body is read, refused
 * or not, or bad files could be sent without end (decision 013); a wrong code on the public
 * status page is counted, or its codes could be guessed (decision 020). Nothing else may change when
 * a request is refused.
 */
const MAY_CHANGE_WHEN_REFUSED: Record<string, string[]> = {
  'POST /api/v2/authorization': ['login_failures'],
  'POST /core-service/fileupload/temp': ['throttle_events'],
  'GET /api/v2/public/taxforms/{barcode}': ['throttle_events'],
};

const MB = 1024 * 1024;

/** The request's body and the content type that fits it. */
function buildBody(
  ctx: FuzzContext,
  spec: RequestSpec,
  body: BodySpec,
): { payload?: string | Buffer; contentType?: string } {
  const base = BASE_PAYLOADS[spec.route.key];
  const json = 'application/json';
  switch (body.kind) {
    case 'none':
      return {};
    case 'base':
      return {
        payload: toJsonText(mutate(base ? base(ctx) : {}, body.mutations)),
        contentType: json,
      };
    case 'truncated': {
      const text = toJsonText(mutate(base ? base(ctx) : {}, body.mutations));
      return { payload: text.slice(0, body.cut % Math.max(text.length, 1)), contentType: json };
    }
    case 'json':
      return { payload: toJsonText(body.value), contentType: json };
    case 'text':
      return { payload: body.text, contentType: json };
    case 'bytes':
      return { payload: Buffer.from(body.bytes), contentType: json };
    case 'multipart': {
      const { payload, contentType } = multipartBody(ctx, body.variant, body.cut);
      return { payload, contentType };
    }
  }
}

export function injectOptions(ctx: FuzzContext, spec: RequestSpec): InjectOptions {
  const path = spec.route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    resolvePiece(ctx, spec.route, name, spec.params[name]!),
  );
  const headers: Record<string, string> = { ...spec.headers };
  const authorization = resolveAuth(ctx, spec.auth);
  if (authorization !== undefined) headers.authorization = authorization;
  if (spec.language.header !== undefined) headers['accept-language'] = spec.language.header;
  const { payload, contentType } = buildBody(ctx, spec, spec.body);
  const type = spec.contentType === undefined ? contentType : spec.contentType;
  if (type !== undefined && type !== null) headers['content-type'] = type;
  return {
    method: spec.method as InjectOptions['method'],
    url: spec.query ? `${path}?${spec.query}` : path,
    headers,
    remoteAddress: spec.remoteAddress,
    ...(payload !== undefined ? { payload } : {}),
  };
}

function describe(options: InjectOptions, response: LightMyRequestResponse): string {
  const cut = (text: string, n = 600) =>
    text.length > n ? `${text.slice(0, n)}…(${text.length})` : text;
  const payload = options.payload;
  const body =
    payload === undefined
      ? ''
      : Buffer.isBuffer(payload)
        ? payload.toString('latin1')
        : String(payload);
  return [
    `${options.method} ${cut(String(options.url), 300)}`,
    `request headers: ${cut(JSON.stringify(options.headers))}`,
    `request body: ${cut(JSON.stringify(body))}`,
    `→ ${response.statusCode} ${cut(bodyText(response))}`,
  ].join('\n');
}

type Envelope = {
  status?: unknown;
  message?: unknown;
  code?: unknown;
  errors?: { field?: unknown; message?: unknown }[];
};

/**
 * The properties every answer keeps: never a 5xx; a 4xx is the error envelope with a non-empty
 * message in the request's language, the catalogue's text for its code; a success on the API is
 * the success envelope. Returns what is wrong, or null.
 */
export function checkResponse(spec: RequestSpec, response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (spec.method === 'HEAD') return null;
  const isApi = /^\/(api\/v2|go-service|core-service)\//.test(spec.route.path);
  if (status < 400) {
    if (!isApi || status !== 200) return null;
    const body = parse(bodyText(response));
    if (body?.status !== 'success' || typeof body.message !== 'string')
      return 'a success without the success envelope';
    return null;
  }
  if (!String(response.headers['content-type']).startsWith('application/json'))
    return `a ${status} that is not JSON`;
  const body = parse(bodyText(response));
  if (!body) return `a ${status} whose body is not a JSON object`;
  if (body.status !== 'error') return 'status is not "error"';
  if (typeof body.message !== 'string' || body.message.trim() === '') return 'an empty message';
  if (typeof body.code !== 'string' || !(ERROR_CODES as readonly string[]).includes(body.code))
    return `unknown code ${String(body.code)}`;
  const languages: readonly Language[] =
    spec.language.expected === 'any' ? LANGUAGES : [spec.language.expected];
  const code = body.code;
  const message = body.message;
  if (!languages.some((language) => matchesTemplate(ERROR_TEXTS[language][code]!, message)))
    return `message is not the ${languages.join('/')} text of ${code}`;
  for (const error of body.errors ?? []) {
    if (typeof error.field !== 'string' || typeof error.message !== 'string')
      return 'a field error without field and message';
    const known =
      error.message === message ||
      languages.some((language) => VALIDATION_TEXTS[language].has(String(error.message)));
    if (!known)
      return `field error "${String(error.message)}" is not in the ${languages.join('/')} catalogue`;
  }
  return null;
}

/** The answer's text, uncompressed when the request allowed compression. */
function bodyText(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'gzip':
      return zlib.gunzipSync(raw).toString('utf8');
    case 'deflate':
      return zlib.inflateSync(raw).toString('utf8');
    case 'br':
      return zlib.brotliDecompressSync(raw).toString('utf8');
    default:
      return response.body;
  }
}

function parse(text: string): Envelope | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Envelope) : null;
  } catch {
    return null;
  }
}

export type FuzzStats = { requests: number; byStatus: Record<number, number> };

/**
 * Sends fuzzed requests one at a time and checks each answer. The database is fingerprinted
 * after every answer: a refused request must leave it as the previous answer left it.
 */
export class Fuzzer {
  private baseline: DatabaseSnapshot | null = null;
  /** An accepted change may have signed the fuzzer out or deleted what its ids point at. */
  private dirty = false;
  readonly stats: FuzzStats = { requests: 0, byStatus: {} };

  constructor(readonly ctx: FuzzContext) {}

  /** The write mark the baseline was taken at. */
  private mark = '';

  private async snapshot() {
    // E-mails queued by earlier accepted requests are sent after their answers: theirs, not the next's.
    await this.ctx.t.app.formMails.runDue();
    this.mark = await this.writeMark();
    return snapshotDatabase(this.ctx.t.database.db);
  }

  /**
   * The next transaction id. Only a transaction that writes is given one, so while it stays
   * the same nothing can have changed and the costly fingerprint is skipped; a refused request
   * that wrote and rolled back still moves it, and is fingerprinted.
   */
  private async writeMark(): Promise<string> {
    const [row] = await queryRows<{ xmax: string }>(
      this.ctx.t.database.db,
      sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`,
    );
    return row!.xmax;
  }

  /** Puts back what accepted requests took away, and fingerprints the result. */
  async restore(): Promise<void> {
    await restoreContext(this.ctx);
    this.baseline = await this.snapshot();
  }

  async send(spec: RequestSpec): Promise<LightMyRequestResponse> {
    if (this.dirty) {
      await this.restore();
      this.dirty = false;
    }
    this.baseline ??= await this.snapshot();
    const options = injectOptions(this.ctx, spec);
    const response = await this.ctx.t.app.inject(options);
    // A reset request's link and e-mail are made after its answer: their writes are its own.
    await this.ctx.t.app.resetRequests.onIdle();
    // So is the traveller's e-mail an accepted issue, stage or resend queued.
    await this.ctx.t.app.formMails.runDue();
    this.stats.requests += 1;
    this.stats.byStatus[response.statusCode] = (this.stats.byStatus[response.statusCode] ?? 0) + 1;
    const problem = checkResponse(spec, response);
    if (problem) throw new Error(`${problem}\n${describe(options, response)}`);
    if ((await this.writeMark()) === this.mark) return this.afterAnswer(spec, options, response);
    const after = await this.snapshot();
    if (response.statusCode >= 400) {
      const allowed = MAY_CHANGE_WHEN_REFUSED[spec.route.key] ?? [];
      const changed = changedTables(this.baseline, after).filter((t) => !allowed.includes(t));
      if (changed.length > 0)
        throw new Error(
          `a refused request changed ${changed.join(', ')}\n${describe(options, response)}`,
        );
    }
    this.baseline = after;
    return this.afterAnswer(spec, options, response);
  }

  private afterAnswer(
    spec: RequestSpec,
    options: InjectOptions,
    response: LightMyRequestResponse,
  ): LightMyRequestResponse {
    if (response.statusCode < 400 && spec.method !== 'GET' && spec.method !== 'HEAD')
      this.dirty = true;
    if (
      response.statusCode === 200 &&
      spec.auth === 'bearer' &&
      spec.route.key.endsWith('/users/password')
    ) {
      // An accepted password change: the fuzzer's own account now has the new password.
      const sent = parse(String(options.payload)) as { password?: string } | null;
      if (sent?.password) this.ctx.main.password = sent.password;
    }
    return response;
  }
}

export { MB };
