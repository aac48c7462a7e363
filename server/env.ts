import path from 'node:path';
import { z } from 'zod';
import { PAGE_CACHE_MS } from './http/page-cache';
import { DEFAULT_ALERT_INTERVAL_MS, DEFAULT_TIMEOUTS, DEFAULT_TOKEN_TTL_HOURS } from './config';
import { DEFAULT_DEMO_PASSWORD } from './seed/demo';

export const DEFAULT_MAIL_FROM = 'Jigboard <jigboard@localhost>';

const flag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : !['0', 'false', 'no', 'off'].includes(v.toLowerCase())));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

/** Every environment variable the server reads, with its default. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** postgres://… selects PostgreSQL; unset means the SQLite file in DATA_DIR. */
  DATABASE_URL: optionalText,
  /** Where uploads go: `folder` (DATA_DIR/files) or `postgres`; unset picks by the database. */
  FILE_STORE: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['folder', 'postgres']).optional()),
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: optionalText,
  SEED_DEMO: flag(true),
  DEMO_PASSWORD: z.string().min(1).default(DEFAULT_DEMO_PASSWORD),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(DEFAULT_TOKEN_TTL_HOURS),
  SKIP_WEB_BUILD: flag(false),
  /** Set behind a load balancer (`1`/`true`, or a hop count) so login throttling sees clients. */
  TRUST_PROXY: optionalText,
  /** `smtp://user:pass@host:587` or `smtps://…`: invitations go by email; unset, the inviter copies the link. */
  SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\/[^/]/.test(v), 'SMTP_URL must start with smtp:// or smtps://'),
  /** The sender of those emails. */
  MAIL_FROM: z.string().min(1).default(DEFAULT_MAIL_FROM),
  /** The origin people open the app at (`https://jigboard.example.com`), for links in emails. */
  PUBLIC_URL: optionalText.refine(
    (v) => v === undefined || /^https?:\/\/[^/]+\/?$/.test(v),
    'PUBLIC_URL is an origin such as https://jigboard.example.com',
  ),
  /** How long a client may take to send a request (config.ts `ServerTimeouts`). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_TIMEOUTS.headersMs),
  /** 0 for none; large uploads over slow links need more than the default minute. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(DEFAULT_TIMEOUTS.requestMs),
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_TIMEOUTS.connectionMs),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_TIMEOUTS.keepAliveMs),
  /** How long a device page may be answered again while no write reached this server (0: never). */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).default(PAGE_CACHE_MS),
  /** Jig report groups stored at once on PostgreSQL: 1, or 2 where round trips to the database are long. */
  REPORT_GROUPS_IN_FLIGHT: z.coerce.number().int().min(1).max(2).default(1),
  /** Every request and its answer in the log (pino JSON lines); off, only warnings, errors and events. */
  LOG_REQUESTS: flag(false),
  /** How often the alert rules are judged; 0 turns the evaluator's timer off (one replica may judge for all). */
  ALERT_INTERVAL_MS: z.coerce.number().int().min(0).default(DEFAULT_ALERT_INTERVAL_MS),
  /** Turns on Prometheus metrics at /metrics, answered only with `Authorization: Bearer <this token>`. */
  METRICS_TOKEN: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
}).refine((e) => e.REQUEST_TIMEOUT_MS === 0 || e.REQUEST_TIMEOUT_MS >= e.HEADERS_TIMEOUT_MS, {
  // Node refuses a server whose headers may take longer than the whole request.
  path: ['REQUEST_TIMEOUT_MS'],
  message: 'must be 0 (none) or at least HEADERS_TIMEOUT_MS',
});

export type ServerEnv = ReturnType<typeof readEnv>;

/** Every variable the server reads (docs/operations.md's configuration table lists each; env.test.ts checks). */
export const SERVER_VARIABLES = [...Object.keys(envSchema.shape), 'WEB_DIR'];

export function readEnv(env: NodeJS.ProcessEnv = process.env) {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = result.data;
  return {
    ...e,
    DATA_DIR: path.resolve(e.DATA_DIR),
    TRUST_PROXY: trustProxyValue(e.TRUST_PROXY),
    // Never the request's Host: the inviter sends that header and could point the emailed link at their own site.
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
  };
}

/** `true`, a hop count (`2`), or the proxies' addresses/CIDRs (`10.0.0.0/8,127.0.0.1`). */
function trustProxyValue(raw: string | undefined) {
  if (raw === undefined || ['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    return (_address: string, hop: number) => hop < hops;
  }
  return raw;
}
