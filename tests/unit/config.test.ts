import { describe, expect, it } from 'vitest';
import { readConfig } from '../../functions/config.ts';

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
    const c = readConfig({ ...base, ADMIN_EMAILS: ' Admin@Example.com , ' });
    expect(c).toMatchObject({
      stage: 'dev',
      tableName: 'aivatar-dev',
      mail: { transport: 'ses' },
      adminEmails: ['admin@example.com'],
    });
    expect(c.sessionTtlSeconds).toBe(7 * 24 * 3600);
  });

  it('stop the function with the name of a missing setting', () => {
    const { TABLE_NAME: _, ...withoutTable } = base;
    expect(() => readConfig(withoutTable)).toThrow('missing setting TABLE_NAME');
    const { JWT_SECRET_ARN: __, ...withoutSecret } = base;
    expect(() => readConfig(withoutSecret)).toThrow(/missing setting JWT_SECRET_ARN/);
    expect(() => readConfig({ ...base, MAIL_TRANSPORT: 'outbox' })).toThrow(/missing setting OUTBOX_DIR/);
    expect(() => readConfig({ ...base, WEB_URL: 'not a url' })).toThrow(/invalid setting WEB_URL/);
  });
});
