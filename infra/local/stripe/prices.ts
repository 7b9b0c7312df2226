// The stand-in's prices and products: the catalogue (shared/catalogue.ts), one price per plan, with ids
// that say they are local. STRIPE_PRICES for the functions is built from the same list.
import { CURRENCY, SUBSCRIPTION, TOKEN_PACKS } from '#shared/catalogue.ts';
import { TEAM_SEAT } from '#shared/team-rules.ts';

type Plan = (typeof TOKEN_PACKS)[number] | typeof SUBSCRIPTION | typeof TEAM_SEAT;
const PLANS: readonly Plan[] = [...TOKEN_PACKS, SUBSCRIPTION, TEAM_SEAT];

const suffix = (planId: string) => planId.replace(/[^a-z0-9]+/gi, '_');
const localPriceId = (planId: string) => `price_local_${suffix(planId)}`;
const localProductId = (planId: string) => `prod_local_${suffix(planId)}`;

/** `{ "pack-10": "price_local_pack_10", … }`: the functions' STRIPE_PRICES setting for the local stack. */
export const LOCAL_PRICE_IDS: Record<string, string> = Object.fromEntries(
  PLANS.map((p) => [p.id, localPriceId(p.id)]),
);

export interface LocalPrice {
  plan: Plan;
  json: Record<string, unknown>;
}

const CREATED = 1_767_225_600; // 2026-01-01

function priceJson(plan: Plan): Record<string, unknown> {
  const recurring = plan.kind === 'subscription';
  return {
    id: localPriceId(plan.id),
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: CREATED,
    currency: CURRENCY.toLowerCase(),
    custom_unit_amount: null,
    livemode: false,
    lookup_key: plan.id,
    metadata: { plan_id: plan.id, ...('tokens' in plan ? { tokens: String(plan.tokens) } : {}) },
    nickname: null,
    product: localProductId(plan.id),
    recurring: recurring
      ? { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' }
      : null,
    tax_behavior: 'inclusive',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: plan.priceCents,
    unit_amount_decimal: String(plan.priceCents),
  };
}

export const LOCAL_PRICES: ReadonlyMap<string, LocalPrice> = new Map(
  PLANS.map((plan) => [localPriceId(plan.id), { plan, json: priceJson(plan) }]),
);

export function productJson(planId: string): Record<string, unknown> | null {
  const plan = PLANS.find((p) => localProductId(p.id) === planId || p.id === planId);
  if (!plan) return null;
  return {
    id: localProductId(plan.id),
    object: 'product',
    active: true,
    created: CREATED,
    default_price: localPriceId(plan.id),
    description:
      'tokens' in plan
        ? `${plan.tokens} Aivatar tokens${plan.kind === 'subscription' ? ' every month' : ''}`
        : 'One team member: 40 Aivatar headshots',
    livemode: false,
    metadata: { plan_id: plan.id },
    // The catalogue's name: the pricing page's words (shared/catalogue.ts).
    name: plan.name,
    type: 'service',
    updated: CREATED,
  };
}
