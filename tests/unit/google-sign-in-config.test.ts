import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { GROUP_CONFIG, readConfig } from '#platform/config.ts';
import { clearCookie, readCookie, setCookie } from '#platform/http/cookies.ts';

const base = {
  STAGE: 'dev',
  TABLE_NAME: 'aivatar-dev',
  WEB_URL: 'https://app.example.com',
  MAIL_FROM: 'Aivatar <no-reply@example.com>',
  MAIL_TRANSPORT: 'ses',
  JWT_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:jwt',
};
const google = {
  GOOGLE_OIDC_ISSUER: 'https://accounts.google.com',
  GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:google',
  API_URL: 'https://abc123.execute-api.eu-west-1.amazonaws.com',
};

describe('"Sign in with Google" settings', () => {
  it('are off as a whole without an issuer, so a stage can run before its Google client exists', () => {
    expect(readConfig(GROUP_CONFIG.auth, base).googleSignIn).toBeNull();
  });

  it('name the callback from the API URL and keep the client secret in Secrets Manager', () => {
    const c = readConfig(GROUP_CONFIG.auth, { ...base, ...google }).googleSignIn;
    expect(c).toMatchObject({
      issuer: 'https://accounts.google.com',
      clientId: 'client.apps.googleusercontent.com',
      clientSecret: { arn: google.GOOGLE_CLIENT_SECRET_ARN },
      redirectUri: 'https://abc123.execute-api.eu-west-1.amazonaws.com/auth/google/callback',
    });
  });

  it('require the client, its secret and the API URL once an issuer is set, naming each', () => {
    expect(() =>
      readConfig(GROUP_CONFIG.auth, { ...base, GOOGLE_OIDC_ISSUER: google.GOOGLE_OIDC_ISSUER }),
    ).toThrow(/GOOGLE_CLIENT_ID.*GOOGLE_CLIENT_SECRET_ARN.*API_URL/);
    expect(() => readConfig(GROUP_CONFIG.auth, { ...base, ...google, GOOGLE_OIDC_ISSUER: 'google' })).toThrow(
      /invalid setting GOOGLE_OIDC_ISSUER/,
    );
  });

  it('give the browser cookie the __Host- prefix and Secure over https, SameSite=None only when asked', () => {
    const https = readConfig(GROUP_CONFIG.auth, { ...base, ...google }).googleSignIn?.cookie;
    expect(https).toEqual({ name: '__Host-aivatar_google', secure: true, sameSite: 'Lax' });
    const crossSite = readConfig(GROUP_CONFIG.auth, { ...base, ...google, GOOGLE_COOKIE_SAMESITE: 'none' });
    expect(crossSite.googleSignIn?.cookie.sameSite).toBe('None');
  });

  it('locally over http: a host-only cookie without Secure, and SameSite=None refused', () => {
    const local = { ...base, ...google, API_URL: 'http://localhost:3001' };
    expect(readConfig(GROUP_CONFIG.auth, local).googleSignIn?.cookie).toEqual({
      name: 'aivatar_google',
      secure: false,
      sameSite: 'Lax',
    });
    expect(() => readConfig(GROUP_CONFIG.auth, { ...local, GOOGLE_COOKIE_SAMESITE: 'none' })).toThrow(
      /GOOGLE_COOKIE_SAMESITE: none needs an https API_URL/,
    );
  });
});

describe('the sign-in cookie', () => {
  const cookie = { name: '__Host-aivatar_google', secure: true, sameSite: 'Lax' } as const;

  it('is HttpOnly, for the whole host, for as long as the attempt, and cleared by Max-Age=0', () => {
    expect(setCookie(cookie, 'en.abc', 600)).toBe(
      '__Host-aivatar_google=en.abc; Path=/; Max-Age=600; HttpOnly; Secure; SameSite=Lax',
    );
    expect(clearCookie(cookie)).toBe(
      '__Host-aivatar_google=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax',
    );
  });

  it('is read from the cookies API Gateway hands over, by exact name', () => {
    const event = { cookies: ['other=1', 'x__Host-aivatar_google=no', '__Host-aivatar_google=fr.secret'] };
    expect(readCookie(event as unknown as APIGatewayProxyEventV2, cookie.name)).toBe('fr.secret');
    expect(readCookie({ headers: {} } as unknown as APIGatewayProxyEventV2, cookie.name)).toBeNull();
  });
});
