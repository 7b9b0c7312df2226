// Stripe's two secrets per stage, created empty of meaning (a random placeholder) for the operator to set:
// the API key (sk_live_… / sk_test_…) and the webhook endpoint's signing secret (whsec_…). Neither is ever
// in the template or the function's environment: functions read them by ARN at start.
import { Annotations, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { SUBSCRIPTION, TOKEN_PACKS } from '#shared/catalogue.ts';
import { TEAM_SEAT } from '#shared/team-rules.ts';

export class StripeSecrets extends Construct {
  readonly apiKey: ISecret;
  readonly webhookSecret: ISecret;

  constructor(scope: Construct, id: string, props: { stage: 'dev' | 'prod' }) {
    super(scope, id);
    const removalPolicy = props.stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    this.apiKey = new Secret(this, 'ApiKey', {
      description: `Aivatar ${props.stage}: Stripe secret API key (set it: aws secretsmanager put-secret-value)`,
      removalPolicy,
    });
    this.webhookSecret = new Secret(this, 'WebhookSecret', {
      description: `Aivatar ${props.stage}: signing secret of the Stripe webhook endpoint (whsec_...)`,
      removalPolicy,
    });
  }
}

const CATALOGUE_PLAN_IDS: readonly string[] = [
  ...TOKEN_PACKS.map((p) => p.id),
  SUBSCRIPTION.id,
  TEAM_SEAT.id,
];

/** Every catalogue plan's price on this stage; placeholders (and a synth warning) for any not given. */
export function stripePriceIds(
  stack: Stack,
  given: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const unknown = Object.keys(given).filter((id) => !CATALOGUE_PLAN_IDS.includes(id));
  if (unknown.length)
    throw new Error(`stripePrices names plans the catalogue does not have: ${unknown.join(', ')}`);
  const missing = CATALOGUE_PLAN_IDS.filter((id) => !given[id]);
  if (missing.length) {
    Annotations.of(stack).addWarningV2(
      'aivatar:stripePrices',
      `No Stripe price for ${missing.join(', ')}: checkout of those plans fails until -c stripePrices sets them`,
    );
  }
  return Object.fromEntries(CATALOGUE_PLAN_IDS.map((id) => [id, given[id] ?? `price_not_configured_${id}`]));
}
