import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TOKEN_TTL_HOURS } from './config';
import { DEFAULT_DEMO_PASSWORD } from './seed/demo';

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type ServerEnv = ReturnType<typeof readEnv>;

export function readEnv(env: NodeJS.ProcessEnv = process.env) {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = result.data;
  return { ...e, DATA_DIR: path.resolve(e.DATA_DIR), TRUST_PROXY: trustProxyValue(e.TRUST_PROXY) };
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
