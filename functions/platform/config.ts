// Settings are read once at start and validated: a missing one stops the function with its name.
// Each function reads only the parts it needs (functions/<group>/handler.ts): the photos function never
// needs a mail sender, the webhook never needs a session key.
import * as z from 'zod/mini';
import { SUBSCRIPTION, TOKEN_PACKS } from '#shared/catalogue.ts';
import { DEFAULT_LIKENESS_GUARANTEE } from '#shared/face-rules.ts';
import { GOOGLE_CALLBACK_PATH } from '#shared/route-paths.ts';
import { TEAM_SEAT } from '#shared/team-rules.ts';
import { DEFAULT_PROVIDER_BUDGET } from './domain/provider-limits.ts';
import { TASK_TIMING } from './domain/task-timing.ts';

const CATALOGUE_PLAN_IDS = [...TOKEN_PACKS.map((p) => p.id), SUBSCRIPTION.id, TEAM_SEAT.id];

type Shape = Record<string, z.ZodMiniType>;
type Env = Record<string, string | undefined>;

/** One part of a function's configuration: the settings it reads and what it makes of them. */
interface ConfigPart<S extends Shape, C> {
  shape: S;
  /** Cross-field rules; returns the problems, worded like the schema's. */
  check?(settings: z.infer<z.ZodMiniObject<S>>): string[];
  build(settings: z.infer<z.ZodMiniObject<S>>): C;
}

const part = <S extends Shape, C>(p: ConfigPart<S, C>): ConfigPart<S, C> => p;

class ConfigError extends Error {}

/** The table every function reads and writes. */
export const tableConfig = part({
  shape: {
    STAGE: z.string().check(z.minLength(1)),
    TABLE_NAME: z.string().check(z.minLength(3)),
    DYNAMODB_ENDPOINT: z.optional(z.url()),
  },
  build: (s) => ({ stage: s.STAGE, tableName: s.TABLE_NAME, dynamodbEndpoint: s.DYNAMODB_ENDPOINT }),
});
export type TableConfig = ReturnType<typeof tableConfig.build>;

/** Verifying (and, in the auth function, issuing) session tokens; who is an admin. */
export const sessionConfig = part({
  shape: {
    STAGE: z.string().check(z.minLength(1)),
    JWT_SECRET: z.optional(z.string().check(z.minLength(32))),
    JWT_SECRET_ARN: z.optional(z.string()),
    SESSION_TTL_SECONDS: z.optional(z.string().check(z.regex(/^\d+$/))),
    ADMIN_EMAILS: z.optional(z.string()),
  },
  check: (s) =>
    s.JWT_SECRET || s.JWT_SECRET_ARN ? [] : ['missing setting JWT_SECRET_ARN (or JWT_SECRET for local runs)'],
  build: (s) => ({
    jwtSecret: (s.JWT_SECRET ? { value: s.JWT_SECRET } : { arn: s.JWT_SECRET_ARN as string }) as
      | { value: string }
      | { arn: string },
    sessionIssuer: `aivatar-${s.STAGE}`,
    sessionTtlSeconds: s.SESSION_TTL_SECONDS ? Number(s.SESSION_TTL_SECONDS) : 7 * 24 * 3600,
    adminEmails: (s.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  }),
});
export type SessionConfig = ReturnType<typeof sessionConfig.build>;

/** Sending email; links in emails are built from WEB_URL, never from a request's Host header. */
export const mailConfig = part({
  shape: {
    WEB_URL: z.url(),
    MAIL_FROM: z.string().check(z.minLength(3)),
    MAIL_TRANSPORT: z.enum(['ses', 'outbox']),
    OUTBOX_DIR: z.optional(z.string()),
  },
  check: (s) =>
    s.MAIL_TRANSPORT === 'outbox' && !s.OUTBOX_DIR
      ? ['missing setting OUTBOX_DIR (required when MAIL_TRANSPORT=outbox)']
      : [],
  build: (s) => ({
    webUrl: s.WEB_URL,
    mailFrom: s.MAIL_FROM,
    mail: (s.MAIL_TRANSPORT === 'outbox'
      ? { transport: 'outbox', dir: s.OUTBOX_DIR as string }
      : { transport: 'ses' }) as { transport: 'ses' } | { transport: 'outbox'; dir: string },
  }),
});
export type MailConfig = ReturnType<typeof mailConfig.build>;

/** A secret given as its value (local runs) or as the ARN of a Secrets Manager secret (AWS). */
export type SecretSource = { value: string } | { arn: string };
const secretSource = (value: string | undefined, arn: string | undefined): SecretSource =>
  value ? { value } : { arn: arn as string };

/**
 * Stripe: the API key, the price id of each catalogue plan on this stage (STRIPE_PRICES, a JSON object
 * keyed by shared/catalogue.ts ids), and STRIPE_API_URL only where a Stripe-compatible stand-in serves
 * the API (local runs and tests).
 */
export const stripeConfig = part({
  shape: {
    STRIPE_SECRET_KEY: z.optional(z.string().check(z.minLength(8))),
    STRIPE_SECRET_KEY_ARN: z.optional(z.string()),
    STRIPE_API_URL: z.optional(z.url()),
    STRIPE_PRICES: z.string().check(z.minLength(2)),
  },
  check: (s) => {
    const problems: string[] = [];
    if (!s.STRIPE_SECRET_KEY && !s.STRIPE_SECRET_KEY_ARN)
      problems.push('missing setting STRIPE_SECRET_KEY_ARN (or STRIPE_SECRET_KEY for local runs)');
    const prices = parsePrices(s.STRIPE_PRICES);
    if (!prices)
      problems.push('invalid setting STRIPE_PRICES: expected a JSON object of plan id to price id');
    else {
      const missing = CATALOGUE_PLAN_IDS.filter((id) => !prices[id]);
      if (missing.length) problems.push(`invalid setting STRIPE_PRICES: no price for ${missing.join(', ')}`);
    }
    return problems;
  },
  build: (s) => ({
    stripeSecretKey: secretSource(s.STRIPE_SECRET_KEY, s.STRIPE_SECRET_KEY_ARN),
    stripeApiUrl: s.STRIPE_API_URL,
    stripePriceIds: parsePrices(s.STRIPE_PRICES) as Record<string, string>,
  }),
});
export type StripeConfig = ReturnType<typeof stripeConfig.build>;

function parsePrices(json: string): Record<string, string> | null {
  try {
    const v: unknown = JSON.parse(json);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    return Object.values(v).every((p) => typeof p === 'string' && p.length > 0)
      ? (v as Record<string, string>)
      : null;
  } catch {
    return null;
  }
}

/** The secret Stripe signs webhook deliveries with. */
export const stripeWebhookConfig = part({
  shape: {
    STRIPE_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(8))),
    STRIPE_WEBHOOK_SECRET_ARN: z.optional(z.string()),
  },
  check: (s) =>
    s.STRIPE_WEBHOOK_SECRET || s.STRIPE_WEBHOOK_SECRET_ARN
      ? []
      : ['missing setting STRIPE_WEBHOOK_SECRET_ARN (or STRIPE_WEBHOOK_SECRET for local runs)'],
  build: (s) => ({ stripeWebhookSecret: secretSource(s.STRIPE_WEBHOOK_SECRET, s.STRIPE_WEBHOOK_SECRET_ARN) }),
});
export type StripeWebhookConfig = ReturnType<typeof stripeWebhookConfig.build>;

/**
 * The secret header the API's CloudFront distribution adds to every request it forwards (AWS stages with
 * WAF in front of the API). A request that reaches a function without it came straight to execute-api,
 * past CloudFront and WAF, and is refused. Absent locally, where there is no CloudFront.
 */
const originVerifyConfig = part({
  shape: {
    ORIGIN_VERIFY_SECRET: z.optional(z.string().check(z.minLength(16))),
    ORIGIN_VERIFY_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  },
  check: (s) =>
    s.ORIGIN_VERIFY_SECRET && s.ORIGIN_VERIFY_SECRET_ARN
      ? ['set only one of ORIGIN_VERIFY_SECRET and ORIGIN_VERIFY_SECRET_ARN']
      : [],
  build: (s) => ({
    originSecret: (s.ORIGIN_VERIFY_SECRET || s.ORIGIN_VERIFY_SECRET_ARN
      ? secretSource(s.ORIGIN_VERIFY_SECRET, s.ORIGIN_VERIFY_SECRET_ARN)
      : null) as SecretSource | null,
  }),
});

/** The web app's origin: the one origin the API answers browsers from (CORS, functions/platform/http/cors.ts). */
export const corsConfig = part({
  shape: { WEB_URL: z.url() },
  build: (s) => ({ webOrigin: new URL(s.WEB_URL).origin }),
});

/** Where the provider sends the browser back to: the public web URL, never a request's Host header. */
const webUrlConfig = part({
  shape: { WEB_URL: z.url() },
  build: (s) => ({ webUrl: s.WEB_URL }),
});

/** The media bucket: reference photos (and, later, generated avatars). */
export const mediaConfig = part({
  shape: {
    MEDIA_BUCKET: z.string().check(z.minLength(3)),
    /** The local S3-compatible server; absent in AWS. */
    S3_ENDPOINT: z.optional(z.url()),
  },
  build: (s) => ({ mediaBucket: s.MEDIA_BUCKET, s3Endpoint: s.S3_ENDPOINT }),
});
export type MediaConfig = ReturnType<typeof mediaConfig.build>;
/** The avatar task queue (SQS; the local stand-in when SQS_ENDPOINT is set). */
export const taskQueueConfig = part({
  shape: {
    TASK_QUEUE_URL: z.url(),
    SQS_ENDPOINT: z.optional(z.url()),
  },
  build: (s) => ({ taskQueueUrl: s.TASK_QUEUE_URL, sqsEndpoint: s.SQS_ENDPOINT }),
});
export type TaskQueueConfig = ReturnType<typeof taskQueueConfig.build>;

/** The privacy job queue (account deletions and data exports; the local stand-in when SQS_ENDPOINT is set). */
const privacyJobQueueConfig = part({
  shape: {
    PRIVACY_JOB_QUEUE_URL: z.url(),
    SQS_ENDPOINT: z.optional(z.url()),
  },
  build: (s) => ({ privacyJobQueueUrl: s.PRIVACY_JOB_QUEUE_URL, sqsEndpoint: s.SQS_ENDPOINT }),
});
export type PrivacyJobQueueConfig = ReturnType<typeof privacyJobQueueConfig.build>;

const seconds = z.string().check(z.regex(/^\d+$/));
const positiveSeconds = z.string().check(z.regex(/^[1-9]\d*$/));

/**
 * How long a task may take (functions/platform/domain/task-timing.ts has the defaults AWS runs with).
 * The create path stamps each task's deadline, after which the sweeper fails and refunds it; the worker
 * holds a claim for the lease, hides a message to retry for the retry delay times its receive count, and
 * keeps the store margin of its time for storing a result (no provider retry starts later).
 * Locally `npm start` sets shorter ones that fit its own queue (infra/local/task-timing.ts).
 */
export const taskTimingConfig = part({
  shape: {
    TASK_DEADLINE_SECONDS: z.optional(positiveSeconds),
    TASK_LEASE_SECONDS: z.optional(positiveSeconds),
    TASK_RETRY_DELAY_SECONDS: z.optional(positiveSeconds),
    TASK_STORE_MARGIN_SECONDS: z.optional(positiveSeconds),
  },
  build: (s) => ({
    taskTiming: {
      deadlineSeconds: s.TASK_DEADLINE_SECONDS
        ? Number(s.TASK_DEADLINE_SECONDS)
        : TASK_TIMING.deadlineSeconds,
      leaseSeconds: s.TASK_LEASE_SECONDS ? Number(s.TASK_LEASE_SECONDS) : TASK_TIMING.leaseSeconds,
      retryDelaySeconds: s.TASK_RETRY_DELAY_SECONDS
        ? Number(s.TASK_RETRY_DELAY_SECONDS)
        : TASK_TIMING.retryDelaySeconds,
      storeMarginMs: s.TASK_STORE_MARGIN_SECONDS
        ? Number(s.TASK_STORE_MARGIN_SECONDS) * 1000
        : TASK_TIMING.storeMarginMs,
    } as TaskTimingSettings,
  }),
});
interface TaskTimingSettings {
  deadlineSeconds: number;
  leaseSeconds: number;
  retryDelaySeconds: number;
  storeMarginMs: number;
}
export type TaskTimingConfig = ReturnType<typeof taskTimingConfig.build>;

/**
 * The AI provider. With a key (OPENAI_API_KEY locally, OPENAI_API_KEY_ARN naming a Secrets Manager
 * secret in AWS) avatars come from OpenAI image edits; without one, from the embedded local renderer,
 * whose results are labelled preview renders.
 */
export const providerConfig = part({
  shape: {
    OPENAI_API_KEY: z.optional(z.string().check(z.minLength(1))),
    OPENAI_API_KEY_ARN: z.optional(z.string().check(z.minLength(1))),
    OPENAI_BASE_URL: z.optional(z.url()),
    OPENAI_IMAGE_MODEL: z.optional(z.string().check(z.regex(/^[a-z0-9][a-z0-9.-]*$/))),
    PROVIDER_TIMEOUT_SECONDS: z.optional(seconds),
    PROVIDER_MAX_RETRIES: z.optional(seconds),
    /**
     * For tests of the likeness guarantee only (never set on a stage): the local renderer draws `none` (no
     * face at all) or the face in the image at this absolute path (another person) instead of the user's.
     */
    LOCAL_RENDERER_FACE: z.optional(z.string().check(z.regex(/^(reference|none|\/.+)$/))),
  },
  check: (s) => {
    const problems: string[] = [];
    if (s.OPENAI_API_KEY && s.OPENAI_API_KEY_ARN)
      problems.push('set only one of OPENAI_API_KEY and OPENAI_API_KEY_ARN');
    if (s.LOCAL_RENDERER_FACE && s.LOCAL_RENDERER_FACE !== 'reference' && s.OPENAI_API_KEY)
      problems.push('LOCAL_RENDERER_FACE applies to the local renderer: unset OPENAI_API_KEY');
    return problems;
  },
  build: (s) => ({
    provider: (s.OPENAI_API_KEY || s.OPENAI_API_KEY_ARN
      ? {
          kind: 'openai',
          key: s.OPENAI_API_KEY ? { value: s.OPENAI_API_KEY } : { arn: s.OPENAI_API_KEY_ARN as string },
          baseUrl: s.OPENAI_BASE_URL,
          model: s.OPENAI_IMAGE_MODEL,
          timeoutMs: s.PROVIDER_TIMEOUT_SECONDS ? Number(s.PROVIDER_TIMEOUT_SECONDS) * 1000 : undefined,
          maxRetries: s.PROVIDER_MAX_RETRIES ? Number(s.PROVIDER_MAX_RETRIES) : undefined,
        }
      : { kind: 'local-renderer', face: localRendererFace(s.LOCAL_RENDERER_FACE) }) as ProviderSettings,
  }),
});

/** What the local renderer puts in the picture: the user's photo, another person's, or no face. */
type LocalRendererFace = { kind: 'reference' } | { kind: 'none' } | { kind: 'other'; path: string };
const localRendererFace = (v: string | undefined): LocalRendererFace =>
  !v || v === 'reference'
    ? { kind: 'reference' }
    : v === 'none'
      ? { kind: 'none' }
      : { kind: 'other', path: v };
type ProviderSettings =
  | {
      kind: 'openai';
      key: SecretSource;
      baseUrl: string | undefined;
      /** default: DEFAULT_IMAGE_MODEL (functions/generation/ai/openai-image-provider.ts) */
      model: string | undefined;
      timeoutMs: number | undefined;
      maxRetries: number | undefined;
    }
  | { kind: 'local-renderer'; face: LocalRendererFace };
export type ProviderConfig = ReturnType<typeof providerConfig.build>;
/**
 * "Sign in with Google" by discovery: any OpenID provider works (Google's issuer is
 * https://accounts.google.com). All or nothing: without GOOGLE_OIDC_ISSUER the stage has no Google sign-in
 * and its two routes say so; with it, the client and the API's public URL are required.
 */
const googleSignInConfig = part({
  shape: {
    GOOGLE_OIDC_ISSUER: z.optional(z.url()),
    GOOGLE_CLIENT_ID: z.optional(z.string().check(z.minLength(1))),
    GOOGLE_CLIENT_SECRET: z.optional(z.string().check(z.minLength(1))),
    GOOGLE_CLIENT_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
    /** The API's public base URL: the callback's address registered with the provider. */
    API_URL: z.optional(z.url()),
    /**
     * lax (default) where the API and the web app are one site (api.example.com and app.example.com, or
     * localhost); none where they are not (the execute-api host), or the browser would drop the cookie
     * set on the web app's call. none needs https.
     */
    GOOGLE_COOKIE_SAMESITE: z.optional(z.enum(['lax', 'none'])),
  },
  check: (s) => {
    if (!s.GOOGLE_OIDC_ISSUER) return [];
    const problems: string[] = [];
    if (!s.GOOGLE_CLIENT_ID)
      problems.push('missing setting GOOGLE_CLIENT_ID (required with GOOGLE_OIDC_ISSUER)');
    if (!s.GOOGLE_CLIENT_SECRET && !s.GOOGLE_CLIENT_SECRET_ARN)
      problems.push('missing setting GOOGLE_CLIENT_SECRET_ARN (or GOOGLE_CLIENT_SECRET for local runs)');
    if (!s.API_URL) problems.push('missing setting API_URL (required with GOOGLE_OIDC_ISSUER)');
    if (s.GOOGLE_COOKIE_SAMESITE === 'none' && !s.API_URL?.startsWith('https:'))
      problems.push('invalid setting GOOGLE_COOKIE_SAMESITE: none needs an https API_URL');
    return problems;
  },
  build: (s) => {
    if (!s.GOOGLE_OIDC_ISSUER) return { googleSignIn: null };
    const redirectUri = new URL(GOOGLE_CALLBACK_PATH, s.API_URL).toString();
    // Over https the cookie is `__Host-` (Secure, no Domain, Path=/: only this host can set or read it).
    // Locally the API is plain http on localhost, where a Secure cookie is not reliably kept, so it is a
    // host-only cookie without the prefix.
    const secure = redirectUri.startsWith('https:');
    return {
      googleSignIn: {
        issuer: s.GOOGLE_OIDC_ISSUER,
        clientId: s.GOOGLE_CLIENT_ID as string,
        clientSecret: secretSource(s.GOOGLE_CLIENT_SECRET, s.GOOGLE_CLIENT_SECRET_ARN),
        redirectUri,
        cookie: {
          name: secure ? '__Host-aivatar_google' : 'aivatar_google',
          secure,
          sameSite: s.GOOGLE_COOKIE_SAMESITE === 'none' ? 'None' : 'Lax',
        } as SignInCookie,
      },
    };
  },
});
export type GoogleSignInConfig = ReturnType<typeof googleSignInConfig.build>;

/**
 * A cookie of the API's that binds a sign-in to a browser: Google's (the browser that started a Google
 * sign-in, then the login token it hands over) and the login link's (the browser that asked for a link).
 */
export interface SignInCookie {
  name: string;
  secure: boolean;
  sameSite: 'Lax' | 'None';
}

/**
 * The cookie that marks the browser which asked for a login link: that browser signs in at once when the
 * link is opened there; any other first asks "Sign in as …?". Same rules as Google's cookie: `__Host-`
 * and Secure over https, SameSite=None where the API is another site than the web app.
 */
const linkCookieConfig = part({
  shape: {
    API_URL: z.optional(z.url()),
    LINK_COOKIE_SAMESITE: z.optional(z.enum(['lax', 'none'])),
  },
  check: (s) =>
    s.LINK_COOKIE_SAMESITE === 'none' && !s.API_URL?.startsWith('https:')
      ? ['invalid setting LINK_COOKIE_SAMESITE: none needs an https API_URL']
      : [],
  build: (s) => {
    const secure = Boolean(s.API_URL?.startsWith('https:'));
    return {
      linkCookie: {
        name: secure ? '__Host-aivatar_link' : 'aivatar_link',
        secure,
        sameSite: s.LINK_COOKIE_SAMESITE === 'none' ? 'None' : 'Lax',
      } as SignInCookie,
    };
  },
});

/**
 * Cost guard: daily caps on AI provider calls, per account and for the whole stage
 * (functions/generation/domain/provider-budget.ts; CDK context providerDailyCapPerAccount, providerDailyCapTotal).
 */
export const providerBudgetConfig = part({
  shape: {
    PROVIDER_DAILY_CAP_PER_ACCOUNT: z.optional(z.string().check(z.regex(/^[1-9]\d*$/))),
    PROVIDER_DAILY_CAP_TOTAL: z.optional(z.string().check(z.regex(/^[1-9]\d*$/))),
  },
  build: (s) => ({
    providerBudget: {
      perAccountPerDay: s.PROVIDER_DAILY_CAP_PER_ACCOUNT
        ? Number(s.PROVIDER_DAILY_CAP_PER_ACCOUNT)
        : DEFAULT_PROVIDER_BUDGET.perAccountPerDay,
      overallPerDay: s.PROVIDER_DAILY_CAP_TOTAL
        ? Number(s.PROVIDER_DAILY_CAP_TOTAL)
        : DEFAULT_PROVIDER_BUDGET.overallPerDay,
    },
  }),
});
export type ProviderBudgetConfig = ReturnType<typeof providerBudgetConfig.build>;

/**
 * The likeness guarantee: a finished avatar scoring under this (0-100; no face counts as under)
 * gets its tokens back. Per stage: CDK context likenessGuarantee; default DEFAULT_LIKENESS_GUARANTEE.
 */
export const likenessConfig = part({
  shape: { LIKENESS_GUARANTEE: z.optional(z.string().check(z.regex(/^(100|[1-9]?\d)$/))) },
  build: (s) => ({
    likenessGuarantee:
      s.LIKENESS_GUARANTEE === undefined ? DEFAULT_LIKENESS_GUARANTEE : Number(s.LIKENESS_GUARANTEE),
  }),
});
export type LikenessConfig = ReturnType<typeof likenessConfig.build>;

// biome-ignore lint/suspicious/noExplicitAny: a part of any shape; readConfig infers each part's result
type AnyPart = ConfigPart<any, unknown>;
type Merged<P extends readonly AnyPart[]> = P extends readonly [
  infer H,
  ...infer T extends readonly AnyPart[],
]
  ? (H extends ConfigPart<Shape, infer C> ? C : never) & Merged<T>
  : unknown;

/** Reads and validates the settings of every part; all problems are named in one error. */
export function readConfig<const P extends readonly AnyPart[]>(parts: P, env: Env = process.env): Merged<P> {
  const problems: string[] = [];
  const built: Record<string, unknown> = {};
  for (const p of parts) {
    const parsed = z.object(p.shape).safeParse(env);
    if (!parsed.success) {
      for (const i of parsed.error.issues) {
        const name = String(i.path[0]);
        const problem =
          env[name] === undefined ? `missing setting ${name}` : `invalid setting ${name}: ${i.message}`;
        if (!problems.includes(problem)) problems.push(problem);
      }
      continue;
    }
    const more = p.check?.(parsed.data) ?? [];
    if (more.length) {
      problems.push(...more);
      continue;
    }
    Object.assign(built, p.build(parsed.data));
  }
  if (problems.length) throw new ConfigError(`Configuration error: ${problems.join('; ')}`);
  return built as Merged<P>;
}

/**
 * The settings each function reads. The infra tests check that the stack gives every deployed function
 * exactly what its entry here needs.
 */
export const GROUP_CONFIG = {
  auth: [
    tableConfig,
    originVerifyConfig,
    sessionConfig,
    mailConfig,
    googleSignInConfig,
    linkCookieConfig,
    corsConfig,
  ],
  billing: [tableConfig, originVerifyConfig, sessionConfig, stripeConfig, webUrlConfig, corsConfig],
  // Mail: the receipt of each pack, and the word that a bank refused a debit.
  'stripe-webhook': [tableConfig, originVerifyConfig, stripeConfig, stripeWebhookConfig, mailConfig],
  photos: [tableConfig, originVerifyConfig, sessionConfig, mediaConfig, corsConfig],
  'photo-intake': [tableConfig, originVerifyConfig, sessionConfig, mediaConfig, corsConfig],
  'admin-styles': [tableConfig, originVerifyConfig, sessionConfig, mediaConfig, corsConfig],
  // The privacy job queue: a member's "Chosen for my team" has their team's ZIP built ahead of its download.
  avatars: [
    tableConfig,
    originVerifyConfig,
    sessionConfig,
    mediaConfig,
    taskQueueConfig,
    providerBudgetConfig,
    taskTimingConfig,
    privacyJobQueueConfig,
    corsConfig,
  ],
  account: [
    tableConfig,
    originVerifyConfig,
    sessionConfig,
    mailConfig,
    mediaConfig,
    privacyJobQueueConfig,
    corsConfig,
  ],
  // Mail: invitations and reminders, in the team's language; media: the ZIP of the chosen headshots, and
  // the privacy job queue that builds it ahead when a removal changes it. No Stripe: a team's seat checkout
  // is the billing group's route.
  teams: [
    tableConfig,
    originVerifyConfig,
    sessionConfig,
    mailConfig,
    mediaConfig,
    privacyJobQueueConfig,
    corsConfig,
  ],
} as const satisfies Record<string, readonly AnyPart[]>;

/**
 * The generation functions beside the groups (functions/avatar-*): the SQS worker, the dead-letter handler
 * and the scheduled sweeper. Each may finish a batch, so each sends the "avatars ready" email and honours
 * photo retention (mail, media).
 */
export const WORKER_CONFIG = {
  'avatar-worker': [
    tableConfig,
    mediaConfig,
    mailConfig,
    taskQueueConfig,
    providerConfig,
    taskTimingConfig,
    likenessConfig,
  ],
  'avatar-dead-letter': [tableConfig, mediaConfig, mailConfig],
  'avatar-sweeper': [tableConfig, mediaConfig, mailConfig],
} as const satisfies Record<string, readonly AnyPart[]>;

/**
 * The privacy job function (functions/privacy): account deletions and data exports, from their queue
 * and from the sweep's schedule. It deletes the Stripe customer (stripe) and emails when a job is done.
 */
export const JOB_CONFIG = {
  'privacy-jobs': [tableConfig, mediaConfig, mailConfig, stripeConfig, privacyJobQueueConfig],
} as const satisfies Record<string, readonly AnyPart[]>;
