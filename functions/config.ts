// Settings are read once at start and validated: a missing one stops the function with its name.
import * as z from 'zod/mini';

const Settings = z.object({
  STAGE: z.string().check(z.minLength(1)),
  TABLE_NAME: z.string().check(z.minLength(3)),
  WEB_URL: z.url(),
  MAIL_FROM: z.string().check(z.minLength(3)),
  MAIL_TRANSPORT: z.enum(['ses', 'outbox']),
  OUTBOX_DIR: z.optional(z.string()),
  JWT_SECRET: z.optional(z.string().check(z.minLength(32))),
  JWT_SECRET_ARN: z.optional(z.string()),
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  ADMIN_EMAILS: z.optional(z.string()),
  SESSION_TTL_SECONDS: z.optional(z.string().check(z.regex(/^\d+$/))),
});

export interface AppConfig {
  stage: string;
  tableName: string;
  webUrl: string;
  mailFrom: string;
  mail: { transport: 'ses' } | { transport: 'outbox'; dir: string };
  jwtSecret: { value: string } | { arn: string };
  dynamodbEndpoint: string | undefined;
  adminEmails: string[];
  sessionTtlSeconds: number;
}

export class ConfigError extends Error {}

export function readConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = Settings.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const name = String(i.path[0]);
      return env[name] === undefined ? `missing setting ${name}` : `invalid setting ${name}: ${i.message}`;
    });
    throw new ConfigError(`Configuration error: ${problems.join('; ')}`);
  }
  const s = parsed.data;
  if (s.MAIL_TRANSPORT === 'outbox' && !s.OUTBOX_DIR) {
    throw new ConfigError(
      'Configuration error: missing setting OUTBOX_DIR (required when MAIL_TRANSPORT=outbox)',
    );
  }
  if (!s.JWT_SECRET && !s.JWT_SECRET_ARN) {
    throw new ConfigError(
      'Configuration error: missing setting JWT_SECRET_ARN (or JWT_SECRET for local runs)',
    );
  }
  return {
    stage: s.STAGE,
    tableName: s.TABLE_NAME,
    webUrl: s.WEB_URL,
    mailFrom: s.MAIL_FROM,
    mail:
      s.MAIL_TRANSPORT === 'outbox'
        ? { transport: 'outbox', dir: s.OUTBOX_DIR as string }
        : { transport: 'ses' },
    jwtSecret: s.JWT_SECRET ? { value: s.JWT_SECRET } : { arn: s.JWT_SECRET_ARN as string },
    dynamodbEndpoint: s.DYNAMODB_ENDPOINT,
    adminEmails: (s.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    sessionTtlSeconds: s.SESSION_TTL_SECONDS ? Number(s.SESSION_TTL_SECONDS) : 7 * 24 * 3600,
  };
}
