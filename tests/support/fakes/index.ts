// In-memory ports for domain tests (docs: /work/notes/pyramid.md's bottom layer). Each fake is checked by the
// same contract suite as its adapter (tests/contracts/*.contract.ts), so it cannot drift from it.
// The builders wire the fakes the way functions/<area>/wiring.ts wire the adapters.

import { SUBSCRIPTION, TOKEN_PACKS } from '#shared/catalogue.ts';
import type { AccountDeps } from '../../../functions/accounts/domain/accounts.ts';
import { DEFAULT_RATE_LIMITS } from '../../../functions/accounts/domain/rate-limits.ts';
import { JwtSessionTokens } from '../../../functions/accounts/jose/jwt-sessions.ts';
import type { BillingDeps } from '../../../functions/billing/domain/checkout.ts';
import type { WebhookDeps } from '../../../functions/billing/domain/webhook.ts';
import { HmacCaptureCodes } from '../../../functions/photos/capture-codes.ts';
import type { PhotoIntakeDeps } from '../../../functions/photos/domain/ports.ts';
import { FakeAccountStore } from './account-store.ts';
import { FakePaymentProvider } from './billing.ts';
import { FakeCaptureLinkStore } from './capture-link-store.ts';
import { FakeClock } from './clock.ts';
import { FakeIds } from './ids.ts';
import { FakeFaceAnalyzer, FakePhotoImages } from './images.ts';
import { FakeMailer } from './mailer.ts';
import { FakePasswordHasher, FakePasswordStrength } from './passwords.ts';
import { FakePhotoFiles } from './photo-files.ts';
import { FakePhotoStore } from './photo-store.ts';
import { FakeRateLimiter } from './rate-limiter.ts';
import { FakeSignInAttempts } from './sign-in-attempts.ts';
import { FakeWebhookStore } from './webhook-store.ts';

export { FakeAccountStore } from './account-store.ts';
export { FakeAdminStyleStore } from './admin-style-store.ts';
export { FakeBillingStore, FakePaymentProvider } from './billing.ts';
export { FakeCaptureLinkStore } from './capture-link-store.ts';
export { FakeClock } from './clock.ts';
export { FAKE_ISSUER, FakeIdentityProvider } from './identity-provider.ts';
export { FakeIds } from './ids.ts';
export { FakeImageProvider } from './image-provider.ts';
export { descriptorOf, FakeFaceAnalyzer, FakePhotoImages, fakePhoto } from './images.ts';
export { FakeMailer } from './mailer.ts';
export { FakePasswordHasher, FakePasswordStrength } from './passwords.ts';
export { FakePhotoFiles } from './photo-files.ts';
export { FakePhotoStore } from './photo-store.ts';
export { FakeRateLimiter } from './rate-limiter.ts';
export { FakeSignInAttempts } from './sign-in-attempts.ts';
export { FakeTaskQueue } from './task-queue.ts';
export { FakeTeamStore } from './team-store.ts';
export { FakeWebhookStore } from './webhook-store.ts';

import type { Log } from '#platform/domain/ports.ts';

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields: Record<string, unknown> | undefined;
}

/** A Log that keeps its lines. */
export function recordingLog(): Log & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const log: Log = (level, message, fields) => {
    lines.push({ level, message, fields });
  };
  return Object.assign(log, { lines });
}

export const WEB_URL = 'https://app.example.test';

/** Everything the account use cases need, in memory; the parts are reachable with their fake types. */
export function fakeAccounts(start?: number) {
  const clock = new FakeClock(start);
  const store = new FakeAccountStore(clock);
  const limiter = new FakeRateLimiter(clock);
  const mailer = new FakeMailer();
  const hasher = new FakePasswordHasher();
  const ids = new FakeIds();
  const log = recordingLog();
  const attempts = new FakeSignInAttempts();
  const deps = {
    store,
    limiter,
    mailer,
    hasher,
    strength: new FakePasswordStrength(),
    sessions: new JwtSessionTokens({ secret: 'x'.repeat(48), issuer: 'aivatar-test', ttlSeconds: 3600 }),
    clock,
    ids,
    limits: DEFAULT_RATE_LIMITS,
    webUrl: WEB_URL,
    google: null,
    log,
  } satisfies AccountDeps;
  return { ...deps, attempts, deps: deps as AccountDeps };
}

/** Everything the photo use cases need (intake included), in memory, over an account store. */
export function fakePhotos(start?: number) {
  const clock = new FakeClock(start);
  const accounts = new FakeAccountStore(clock);
  const parts = {
    store: new FakePhotoStore(accounts),
    files: new FakePhotoFiles(),
    clock,
    ids: new FakeIds(),
    limiter: new FakeRateLimiter(clock),
    images: new FakePhotoImages(),
    faces: new FakeFaceAnalyzer(),
    captureLinks: new FakeCaptureLinkStore(),
    // The adapter itself: pure crypto, with a key of the tests.
    captureCodes: new HmacCaptureCodes(async () => 'capture-test-key'),
    users: accounts,
    webOrigin: WEB_URL,
  };
  return { ...parts, accounts, deps: parts as PhotoIntakeDeps };
}

/**
 * Billing in memory: one store for the checkout and the webhook sides (as one table holds both), the payment
 * provider, a mailer; `priceIds` maps each catalogue plan to `price_<plan id>`. `warnings` and `sold` keep
 * what the webhook told the operator and the TokensSold metric.
 */
export function fakeBilling(start?: number) {
  const clock = new FakeClock(start);
  const accounts = new FakeAccountStore(clock);
  const store = new FakeWebhookStore(accounts);
  const provider = new FakePaymentProvider();
  const mailer = new FakeMailer();
  const ids = new FakeIds();
  const warnings: { message: string; detail: Record<string, unknown> }[] = [];
  const sold: number[] = [];
  const priceIds = Object.fromEntries(
    [...TOKEN_PACKS, SUBSCRIPTION].map((p) => [p.id, `price_${p.id}`]),
  ) as Record<string, string>;
  const checkout: BillingDeps = { provider, store, clock, ids, priceIds, webUrl: WEB_URL };
  const webhook: WebhookDeps = {
    ...checkout,
    store,
    warn: (message, detail) => warnings.push({ message, detail }),
    metrics: {
      record: (name, value = 1) => {
        if (name === 'TokensSold') sold.push(value);
      },
    },
    mailer,
  };
  return { clock, accounts, store, provider, mailer, ids, priceIds, warnings, sold, checkout, webhook };
}
