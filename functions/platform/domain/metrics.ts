// Business metrics the operator watches (dashboard, alarms: docs/operations.md "Business metrics"). The
// domain says what happened; the adapter (functions/platform/observability/metrics.ts, Powertools) turns it into a
// CloudWatch metric. Names are fixed here so the dashboard and alarms (infra/constructs/monitoring.ts)
// and the code cannot drift apart.
export const BUSINESS_METRICS = {
  /** avatar tasks accepted by the create path (one per style and image) */
  TasksCreated: 'Count',
  /** tasks whose result was stored */
  TasksDone: 'Count',
  /** tasks that moved to ERROR (refusal, retries exhausted, dead-letter, stuck) */
  TasksFailed: 'Count',
  /** tasks whose tokens were credited back (every move to ERROR) */
  TasksRefunded: 'Count',
  /** tokens credited by a payment: packs and monthly grants */
  TokensSold: 'Count',
  /** team seats credited by a paid seat checkout (docs/payments.md, "Team seats") */
  SeatsSold: 'Count',
  /** webhook deliveries answered with an error (Stripe retries them) */
  WebhookFailures: 'Count',
  /** webhook deliveries whose signature did not verify */
  WebhookSignatureFailures: 'Count',
  /** calls made to the AI provider */
  ProviderCalls: 'Count',
  /** how long one provider call took */
  ProviderLatency: 'Milliseconds',
  /** provider calls refused by the daily caps (functions/generation/domain/provider-budget.ts) */
  ProviderCallsRefused: 'Count',
  /** share of the stage's daily provider-call cap used so far, in percent (alarm at 80) */
  ProviderBudgetUsedPercent: 'Percent',
  /** the provider's reported cost of one task, in US cents (docs/generation.md, "Unit economics") */
  TaskCostCents: 'None',
  /** finished avatars measured against the reference photos' faces (with or without a face found) */
  LikenessScored: 'Count',
  /** the likeness of one finished avatar that shows a face, 0-100 (shared/face-rules.ts) */
  LikenessScore: 'None',
  /** finished avatars refunded by the likeness guarantee (under the stage's threshold, or no face) */
  LikenessRefunds: 'Count',
  /**
   * for the account of each measured avatar (once it had 5 measured that UTC day): the share of them the
   * guarantee refunded, in percent. Its maximum over an hour is the alarm AccountLikenessRefundShare.
   */
  AccountLikenessRefundShare: 'Percent',
  /** account deletions and data exports completed */
  AccountsDeleted: 'Count',
  DataExports: 'Count',
  /** privacy jobs given up after JOB_MAX_REQUEUES re-sends (an account left half-deleted: runbook) */
  PrivacyJobsFailed: 'Count',
  /** stored items a read skipped because they did not match their shape (logged by key: runbook) */
  MalformedItems: 'Count',
} as const;

export type BusinessMetric = keyof typeof BUSINESS_METRICS;

/** CloudWatch namespace of every business metric; the stage is the one dimension. */
export const METRICS_NAMESPACE = 'Aivatar';

export interface Metrics {
  /** Records one value (a count of 1 by default) of a business metric. Never throws. */
  record(name: BusinessMetric, value?: number): void;
}

/** For code paths and tests that do not report (a seeding script, a unit test of a rule). */
export const noMetrics: Metrics = { record: () => {} };
