// The billing group's handler in-process: what is refused before Stripe is asked anything.
import { describe, expect, it } from 'vitest';
import { TOKEN_PACKS } from '#shared/catalogue.ts';
import { call, signedInUser } from '../support/handler-events.ts';

describe('billing', () => {
  it('refuses an unknown plan and a token count that is not the plan’s with 400', async () => {
    const { token } = await signedInUser();
    const unknown = await call('checkoutOneTime', {
      token,
      params: { priceId: 'pack-9999' },
      body: { tokens: 1 },
    });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'UNKNOWN_PRICE' } });
    const pack = TOKEN_PACKS[0];
    if (!pack) throw new Error('the catalogue has no token pack');
    const mismatch = await call('checkoutOneTime', {
      token,
      params: { priceId: pack.id },
      body: { tokens: pack.tokens + 1 },
    });
    expect(mismatch).toMatchObject({
      status: 400,
      body: {
        code: 'TOKENS_MISMATCH',
        msg: `This plan gives ${pack.tokens} tokens, not ${pack.tokens + 1}. Please reload the pricing page.`,
      },
    });
  });

  it('answers 404 for the billing dashboard of an account that never paid, and no subscription (200)', async () => {
    const { token } = await signedInUser();
    expect(await call('billingDashboard', { token })).toMatchObject({
      status: 404,
      body: { code: 'NO_BILLING_ACCOUNT' },
    });
    expect(await call('checkSubscription', { token })).toMatchObject({
      status: 200,
      body: { hasActiveSubscription: false },
    });
  });
});
