import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './lib/trust-proxy.ts';
import { CORES } from './lib/work-limiter.ts';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const durationSeconds = z.coerce.number().int().positive();

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes)')
    .optional(),
  SESSION_TTL: durationSeconds.default(8 * 60 * 60),
  RESET_TOKEN_TTL: durationSeconds.default(60 * 60),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Tax Free Portal <no-reply@taxfree.local>'),
  DEMO_SEED: booleanFromEnv.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Which proxies in front may name the client: `false`, a number of hops, or their addresses. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((text, context) => {
      const parsed = parseTrustProxy(text);
      if ('value' in parsed) return parsed.value;
      context.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
  /**
   * How long a request's headers may take to arrive, in milliseconds, and its body as long again
   * after them (uploads excepted: they have UPLOAD_IDLE_TIMEOUT_MS between bytes); then 408.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Bytes of request bodies still arriving that one process holds at once: past it, 503. */
  REQUEST_BODIES_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(64 * 1024 * 1024),
  WEB_DIST: z.string().optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * How long a session or a company's settings read from the database are kept in memory, in
   * milliseconds (0: read on every call). A sign-out or a change ends them at once everywhere.
   */
  CACHE_TTL_MS: z.coerce.number().int().min(0).max(10_000).default(5_000),
  /** How long a request waits for a PostgreSQL connection, in milliseconds: then 503. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** How long a query may run, in milliseconds; a server silent for longer is given up. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  /** How long a stopping server (SIGTERM) finishes its requests, in milliseconds, before it gives up. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Largest picture accepted by the upload, in bytes, checked while it streams in. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  /** Longest side of a stored picture, in pixels: larger ones are scaled down. */
  UPLOAD_MAX_DIMENSION: z.coerce.number().int().min(64).max(8192).default(2048),
  /** How long an upload that no saved record refers to is kept, in seconds. */
  UPLOAD_TEMP_TTL: durationSeconds.default(24 * 60 * 60),
  /** Bytes of uploads no saved record refers to yet that a company may hold: then 429. */
  UPLOAD_TEMP_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(200 * 1024 * 1024),
  /** Calls one till's API key may make per minute, across every process: then 429. */
  API_KEY_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  /**
   * Send webhooks to private, loopback and link-local addresses too (a till on the shop's own
   * network, tests). Off by default: a URL, or a name that resolves, inside cannot be reached.
   */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFromEnv.default(false),
  /** How long a webhook's receiver has to answer, in milliseconds: then the try has failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Upload requests a company may send per minute: then 429. */
  UPLOAD_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * Upload requests one process receives and processes at once; the next ones wait their turn
   * with their body unread (a slow network holds a place, not a core). Twice the pictures decoded
   * at once: one request received while another is decoded.
   */
  UPLOAD_MAX_IN_PROGRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(2 * CORES),
  /**
   * Of those, how many one company's uploads may take; its next one is answered 429. Half of
   * UPLOAD_MAX_IN_PROGRESS when not set.
   */
  UPLOAD_MAX_IN_PROGRESS_PER_COMPANY: z.coerce.number().int().min(1).max(1000).optional(),
  /**
   * How long an upload's body may go without a byte arriving, in milliseconds: then the upload is
   * dropped, so that a stalled client cannot keep its place.
   */
  UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * Upload requests (or other picture jobs) decoded at once, each on one of the image library's
   * threads. One core short of them all by default: the answers to every other call keep a core.
   */
  IMAGE_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, CORES - 1)),
  /** The shop map's tile server, as a Leaflet URL template; the map works without reaching it. */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+\/\S*$/, 'must be an http:// or https:// URL template')
    .refine(
      (url) => ['{z}', '{x}', '{y}'].every((slot) => url.includes(slot)),
      'must contain {z}, {x} and {y}',
    )
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** The tiles' credit line shown on the map (HTML); OpenStreetMap's when not set. */
  MAP_TILE_ATTRIBUTION: z.string().max(500).optional(),
});

/**
 * The origin the page may load map tiles from, for the Content-Security-Policy: a `{s}`
 * subdomain slot allows every subdomain of the rest of the host.
 */
export function tileOrigin(template: string): string {
  const [, scheme, host] = /^(https?:\/\/)([^/]+)/.exec(template) ?? [];
  if (!scheme || !host) return "'none'";
  return `${scheme}${host.replace(/^\{s\}\./, '*.')}`;
}

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  publicUrl: string;
};

export class ConfigError extends Error {}

/** Reads the configuration from the environment; a wrong value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const port = config.PORT === 0 ? 8080 : config.PORT;
  // npm runs workspace scripts inside the workspace; relative paths mean where npm was started.
  const base = env.INIT_CWD ?? process.cwd();
  return {
    ...config,
    WEB_DIST: config.WEB_DIST ? path.resolve(base, config.WEB_DIST) : undefined,
    dataDir: path.resolve(base, config.DATA_DIR),
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
  };
}
