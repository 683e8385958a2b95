// Configuration, read once from the environment and checked. A bad value stops start-up with
// one line naming the variable.
import { z } from 'zod';
import { LOOPBACK, parseAllowList } from './http/allowList';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_FILE: z.string().min(1).optional(),
  // Set: the app runs on this PostgreSQL database instead of the SQLite file.
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/i, 'must look like postgres://user:pass@host:5432/db')
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must look like smtp://user:pass@host:587')
    .optional(),
  MAIL_FROM: z.string().min(3).default('NMC Prep RN <no-reply@localhost>'),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  // What Express's `trust proxy` takes: false, a hop count, or the proxies' addresses, ranges or
  // names (loopback, linklocal, uniquelocal). Not `true`: trusting every hop would let a client's
  // own X-Forwarded-For choose the address that rate limits see.
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => v.trim() !== 'true', {
      message:
        'true would trust a client-sent X-Forwarded-For; give the number of proxies (1) or their address (loopback, 10.0.0.5)',
    })
    .transform((v): false | number | string[] => {
      const value = v.trim();
      if (value === 'false' || value === '0') return false;
      if (/^\d+$/.test(value)) return Number(value);
      return value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    }),
  SEED_ON_EMPTY: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  // pino's levels, most to least severe; each shows the lines of its own level and those above.
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Worker processes serving the port (node:cluster); 1 serves from the one process.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  // Who may read /metrics (server/http/allowList.ts): addresses and ranges, loopback, or none.
  METRICS_ALLOW: z
    .string()
    .default(LOOPBACK)
    .transform((v, ctx) => {
      try {
        return parseAllowList(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
});

export type Env = z.infer<typeof envSchema> & { PUBLIC_URL: string; DATABASE_FILE: string };

export class EnvError extends Error {}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings (e.g. `SMTP_URL=` in a unit file) mean "unset".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new EnvError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const env = parsed.data;
  return {
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    DATABASE_FILE: env.DATABASE_FILE ?? `${env.DATA_DIR}/app.db`,
  };
}

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/**
 * Links in mails, and those an admin copies, are made from PUBLIC_URL. Left unset it is
 * http://localhost:PORT, which no student's phone can open when the server listens beyond loopback.
 */
export function publicUrlWarning(source: Record<string, string | undefined>, env: Env): string | null {
  if (source.PUBLIC_URL || LOOPBACK_HOSTS.test(env.HOST)) return null;
  return (
    `Warning: PUBLIC_URL is not set, so verification and reset links point at ${env.PUBLIC_URL}, ` +
    `which students' phones cannot open. Set PUBLIC_URL to the address students use ` +
    `(e.g. https://exams.your-school.edu.gh or http://192.168.1.10:${env.PORT}).`
  );
}
