// The fakes of tests/support/fakes against the same contracts as the adapters
// (tests/integration/port-contracts.test.ts runs them against DynamoDB Local, the SQS stand-in, the outbox).
import { cryptoIds } from '#platform/system.ts';
import { TEAM_SEAT } from '#shared/team-rules.ts';
import { accountStoreContract } from '../contracts/account-store.contract.ts';
import { adminStyleStoreContract } from '../contracts/admin-style-store.contract.ts';
import { billingStoreContract } from '../contracts/billing-store.contract.ts';
import { captureLinkStoreContract } from '../contracts/capture-link-store.contract.ts';
import { idsContract } from '../contracts/ids.contract.ts';
import { mailerContract } from '../contracts/mailer.contract.ts';
import { photoFilesContract } from '../contracts/photo-files.contract.ts';
import { photoStoreContract } from '../contracts/photo-store.contract.ts';
import { rateLimiterContract } from '../contracts/rate-limiter.contract.ts';
import { seatPurchasesContract } from '../contracts/seat-purchases.contract.ts';
import { signInAttemptsContract } from '../contracts/sign-in-attempts.contract.ts';
import { taskQueueContract } from '../contracts/task-queue.contract.ts';
import {
  privacyJobsContract,
  providerBudgetContract,
  taskStoreContract,
} from '../contracts/task-store.contract.ts';
import { webhookStoreContract } from '../contracts/webhook-store.contract.ts';
import {
  FakeAccountStore,
  FakeAdminStyleStore,
  FakeBillingStore,
  FakeCaptureLinkStore,
  FakeClock,
  FakeIds,
  FakeMailer,
  FakePhotoFiles,
  FakePhotoStore,
  FakeRateLimiter,
  FakeSignInAttempts,
  FakeTaskQueue,
  FakeWebhookStore,
} from '../support/fakes/index.ts';
import { FakePrivacyJobs } from '../support/fakes/privacy.ts';
import { FakeProviderBudget } from '../support/fakes/provider-budget.ts';
import { FakeTaskStore } from '../support/fakes/task-store.ts';

rateLimiterContract(() => {
  const clock = new FakeClock();
  return { limiter: new FakeRateLimiter(clock), clock };
});

accountStoreContract(() => new FakeAccountStore(new FakeClock()));

photoStoreContract(() => {
  const accounts = new FakeAccountStore(new FakeClock());
  return { photos: new FakePhotoStore(accounts), accounts };
});

signInAttemptsContract(() => new FakeSignInAttempts());

captureLinkStoreContract(() => new FakeCaptureLinkStore());

photoFilesContract(() => {
  const files = new FakePhotoFiles();
  return { files, post: async (_target, userId, uploadId, bytes) => files.upload(userId, uploadId, bytes) };
});

mailerContract(() => {
  const mailer = new FakeMailer();
  return { mailer, sentTo: async (to) => mailer.to(to) };
});

taskQueueContract(() => {
  const queue = new FakeTaskQueue();
  const unavailable = new FakeTaskQueue();
  unavailable.down = true;
  return { queue, receiveAll: async () => queue.receive(), unavailable };
});

adminStyleStoreContract(() => new FakeAdminStyleStore());

billingStoreContract(() => {
  const accounts = new FakeAccountStore(new FakeClock());
  const billing = new FakeBillingStore(accounts);
  return {
    billing,
    accounts,
    setSubscriptionStatus: async (userId, status) =>
      billing.setSubscription(userId, {
        id: 'sub_1',
        status,
        cancelAtPeriodEnd: false,
        currentPeriodEnd: null,
      }),
  };
});

webhookStoreContract(() => {
  const accounts = new FakeAccountStore(new FakeClock());
  return {
    store: new FakeWebhookStore(accounts),
    accounts,
    setTokensLtd: async (userId, tokens) => accounts.update(userId, { tokensLtd: tokens }),
  };
});

seatPurchasesContract(() => {
  const store = new FakeWebhookStore(new FakeAccountStore(new FakeClock()));
  return {
    store,
    recordSeatCheckout: (r) =>
      store.saveCheckout({
        sessionId: r.sessionId,
        userId: r.userId,
        planId: TEAM_SEAT.id,
        mode: 'payment',
        amountCents: r.amountCents,
        createdAt: r.now,
        teamId: r.teamId,
        quantity: r.quantity,
      }),
    addTeam: async (teamId, ownerId, name) => void store.teams.set(teamId, { ownerId, name }),
    purchases: async (teamId, now) =>
      [...(store.teamPurchases.get(teamId)?.values() ?? [])]
        .filter((p) => p.state === 'paid' || p.updatedAt + 30 * 86_400 > now)
        .sort((a, b) => b.createdAt - a.createdAt),
  };
});

idsContract(() => new FakeIds());
// The real ids need nothing but node:crypto: checked here too.
idsContract(() => cryptoIds);

// Generation and privacy (tests/contracts/task-store.contract.ts): the task store, the provider budget and the
// privacy job store over one account store each, as the table holds them together.
taskStoreContract(() => {
  const accounts = new FakeAccountStore(new FakeClock());
  return {
    tasks: new FakeTaskStore(accounts),
    accounts,
    setBalance: async (userId, b) =>
      accounts.update(userId, { tokensSubscription: b.subscription, tokensLtd: b.ltd }),
  };
});

providerBudgetContract(() => new FakeProviderBudget());

privacyJobsContract(() => {
  const accounts = new FakeAccountStore(new FakeClock());
  const jobs = new FakePrivacyJobs(accounts);
  // Readers see an account being deleted as gone (adapters/dynamodb/user-reader.ts): so does this one.
  const reader = jobs.users();
  return { jobs, codes: jobs, accounts: Object.assign(Object.create(accounts), { getById: reader.getById }) };
});
