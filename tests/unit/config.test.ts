import { describe, expect, it } from 'vitest';
import {
  GROUP_CONFIG,
  mailConfig,
  readConfig,
  sessionConfig,
  stripeConfig,
  tableConfig,
} from '#platform/config.ts';
import { SUBSCRIPTION, TOKEN_PACKS } from '#shared/catalogue.ts';
import { TEAM_SEAT } from '#shared/team-rules.ts';

const base = {
  STAGE: 'dev',
  TABLE_NAME: 'aivatar-dev',
  WEB_URL: 'https://app.example.com',
  MAIL_FROM: 'Aivatar <no-reply@example.com>',
  MAIL_TRANSPORT: 'ses',
  JWT_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:jwt',
};

describe('function settings', () => {
  it('are read and validated once', () => {
    const c = readConfig(GROUP_CONFIG.auth, { ...base, ADMIN_EMAILS: ' Admin@Example.com , ' });
    expect(c).toMatchObject({
      stage: 'dev',
      tableName: 'aivatar-dev',
      mail: { transport: 'ses' },
      adminEmails: ['admin@example.com'],
      sessionIssuer: 'aivatar-dev',
    });
    expect(c.sessionTtlSeconds).toBe(7 * 24 * 3600);
  });

  it('stop the function with the name of every missing setting', () => {
    const { TABLE_NAME: _, ...withoutTable } = base;
    expect(() => readConfig(GROUP_CONFIG.auth, withoutTable)).toThrow('missing setting TABLE_NAME');
    const { JWT_SECRET_ARN: __, ...withoutSecret } = base;
    expect(() => readConfig(GROUP_CONFIG.auth, withoutSecret)).toThrow(/missing setting JWT_SECRET_ARN/);
    expect(() => readConfig(GROUP_CONFIG.auth, { ...base, MAIL_TRANSPORT: 'outbox' })).toThrow(
      /missing setting OUTBOX_DIR/,
    );
    expect(() => readConfig(GROUP_CONFIG.auth, { ...base, WEB_URL: 'not a url' })).toThrow(
      /invalid setting WEB_URL/,
    );
    expect(() => readConfig(GROUP_CONFIG.auth, { STAGE: 'dev' })).toThrow(
      /TABLE_NAME.*JWT_SECRET_ARN.*WEB_URL/,
    );
  });

  it('ask a function only for the parts it reads: no mail sender or session key where none is used', () => {
    const tableOnly = { STAGE: 'dev', TABLE_NAME: 'aivatar-dev' };
    expect(readConfig([tableConfig], tableOnly)).toEqual({
      stage: 'dev',
      tableName: 'aivatar-dev',
      dynamodbEndpoint: undefined,
    });
    expect(() => readConfig([tableConfig, sessionConfig], tableOnly)).toThrow(/JWT_SECRET_ARN/);
    expect(() => readConfig([tableConfig, sessionConfig], tableOnly)).not.toThrow(/MAIL_FROM/);
    expect(() => readConfig([tableConfig, mailConfig], tableOnly)).toThrow(/MAIL_FROM/);
  });
});

describe('Stripe settings', () => {
  const prices = Object.fromEntries(
    [...TOKEN_PACKS, SUBSCRIPTION, TEAM_SEAT].map((p) => [p.id, `price_${p.id}`]),
  );
  const stripe = {
    STRIPE_SECRET_KEY_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:stripe',
    STRIPE_PRICES: JSON.stringify(prices),
  };

  it('map every catalogue plan to this stage’s Stripe price', () => {
    expect(readConfig([stripeConfig], stripe)).toMatchObject({
      stripePriceIds: prices,
      stripeSecretKey: { arn: stripe.STRIPE_SECRET_KEY_ARN },
    });
    const { 'pack-40': _, ...withoutOne } = prices;
    expect(() =>
      readConfig([stripeConfig], { ...stripe, STRIPE_PRICES: JSON.stringify(withoutOne) }),
    ).toThrow('invalid setting STRIPE_PRICES: no price for pack-40');
    expect(() => readConfig([stripeConfig], { ...stripe, STRIPE_PRICES: '[1]' })).toThrow(/STRIPE_PRICES/);
  });

  it('give the webhook its signing secret and a mail sender (receipts), no session key; the billing function a web URL', () => {
    const webhook = { STAGE: 'dev', TABLE_NAME: 'aivatar-dev', ...stripe };
    const mail = {
      WEB_URL: 'https://app.example.com',
      MAIL_FROM: 'no-reply@example.com',
      MAIL_TRANSPORT: 'ses',
    };
    expect(() => readConfig(GROUP_CONFIG['stripe-webhook'], { ...webhook, ...mail })).toThrow(
      /STRIPE_WEBHOOK_SECRET_ARN/,
    );
    expect(() =>
      readConfig(GROUP_CONFIG['stripe-webhook'], { ...webhook, STRIPE_WEBHOOK_SECRET_ARN: 'arn:w' }),
    ).toThrow(/MAIL_FROM/);
    const c = readConfig(GROUP_CONFIG['stripe-webhook'], {
      ...webhook,
      ...mail,
      STRIPE_WEBHOOK_SECRET_ARN: 'arn:w',
    });
    expect(c.stripeWebhookSecret).toEqual({ arn: 'arn:w' });
    expect(c.mailFrom).toBe('no-reply@example.com');
    expect(c).not.toHaveProperty('jwtSecret');
    expect(() => readConfig(GROUP_CONFIG.billing, { ...webhook, JWT_SECRET_ARN: 'arn:j' })).toThrow(
      /WEB_URL/,
    );
  });
});
