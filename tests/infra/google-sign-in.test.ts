// "Sign in with Google" on AWS: off unless the operator names an OAuth client; with one, the auth function
// gets the provider, the client, the callback's base URL and the one secret it may read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_CONFIG, readConfig } from '#platform/config.ts';
import { apiRoutes, routeKey } from '#shared/api-routes.ts';
import { GOOGLE_ISSUER } from '../../infra/aivatar-stack.ts';
import { at, deployed, findCycle, type Json, props, type Resource } from './cfn-template.ts';
import {
  actionsOf,
  functionId,
  ofType,
  removeTempDirs,
  resourcesOf,
  roleId,
  roleStatements,
  type Synth,
  synth,
} from './synth.ts';

afterAll(removeTempDirs);

let without: Synth;
let withGoogle: Synth;
beforeAll(() => {
  without = synth('dev', false);
  withGoogle = synth('prod', true, undefined, {
    googleSignIn: { clientId: 'client-1.apps.googleusercontent.com' },
  });
});

const authEnv = (s: Synth) =>
  at(props(s.resources[functionId(s, 'auth')] as Resource), 'Environment', 'Variables') as Json;
const secretIds = (s: Synth) => ofType(s, 'AWS::SecretsManager::Secret').map(([id]) => id);

describe('a stage without a Google client', () => {
  it('has no Google settings, secret or output, and its auth function says Google sign-in is off', () => {
    const env = authEnv(without);
    expect(Object.keys(env).filter((k) => k.startsWith('GOOGLE_'))).toEqual([]);
    expect(without.stack.node.tryFindChild('GoogleClientSecret')).toBeUndefined();
    expect(withGoogle.stack.node.tryFindChild('GoogleClientSecret')).toBeDefined();
    expect(secretIds(withGoogle)).toHaveLength(secretIds(without).length + 1);
    expect(without.outputs.GoogleClientSecretArn).toBeUndefined();
    const config = readConfig(
      GROUP_CONFIG.auth,
      Object.fromEntries(Object.entries(env).map(([k, v]) => [k, deployed(v)])),
    );
    expect(config.googleSignIn).toBeNull();
  });
});

describe('a stage with a Google client', () => {
  it("gives the auth function Google's issuer, the client, the API URL and the secret's ARN", () => {
    const env = authEnv(withGoogle);
    const secret = withGoogle.stack.getLogicalId(
      withGoogle.stack.node.findChild('GoogleClientSecret').node.defaultChild as never,
    );
    expect(env.GOOGLE_OIDC_ISSUER).toBe(GOOGLE_ISSUER);
    expect(env.GOOGLE_CLIENT_ID).toBe('client-1.apps.googleusercontent.com');
    expect(env.GOOGLE_CLIENT_SECRET_ARN).toEqual({ Ref: secret });
    expect(env.API_URL).toEqual(withGoogle.outputs.ApiUrl?.Value);
    const config = readConfig(
      GROUP_CONFIG.auth,
      Object.fromEntries(Object.entries(env).map(([k, v]) => [k, deployed(v)])),
    );
    expect(config.googleSignIn?.redirectUri).toBe(deployed(withGoogle.outputs.GoogleRedirectUri?.Value));
    expect(config.googleSignIn?.redirectUri).toMatch(/^https:\/\/.*\/auth\/google\/callback$/);
    // The API is on execute-api, another site than the web app: the cookie must be SameSite=None.
    expect(config.googleSignIn?.cookie).toEqual({
      name: '__Host-aivatar_google',
      secure: true,
      sameSite: 'None',
    });
  });

  it.each([
    ['with', () => withGoogle],
    ['without', () => without],
  ])('gives the auth function the login link cookie %s a Google client: Secure, SameSite=None', (_, get) => {
    const env = authEnv(get());
    expect(env.LINK_COOKIE_SAMESITE).toBe('none');
    const config = readConfig(
      GROUP_CONFIG.auth,
      Object.fromEntries(Object.entries(env).map(([k, v]) => [k, deployed(v)])),
    );
    expect(config.linkCookie).toEqual({ name: '__Host-aivatar_link', secure: true, sameSite: 'None' });
  });

  it('lets the auth function read that secret and no other new one', () => {
    const secret = withGoogle.stack.getLogicalId(
      withGoogle.stack.node.findChild('GoogleClientSecret').node.defaultChild as never,
    );
    const reads = roleStatements(withGoogle, roleId(withGoogle, 'auth')).filter((st) =>
      actionsOf(st).includes('secretsmanager:GetSecretValue'),
    );
    const readable = reads.flatMap(resourcesOf);
    expect(readable).toContainEqual({ Ref: secret });
    expect(readable).toHaveLength(2); // the session signing key and this one
    for (const st of reads) expect(actionsOf(st)).toEqual(['secretsmanager:GetSecretValue']);
  });

  it('deploys both Google routes to the auth function, with no dependency cycle', () => {
    const keys = ofType(withGoogle, 'AWS::ApiGatewayV2::Route').map(([, r]) => props(r).RouteKey);
    expect(keys).toEqual(
      expect.arrayContaining([routeKey(apiRoutes.googleLogin), routeKey(apiRoutes.googleCallback)]),
    );
    expect(findCycle(withGoogle.resources)).toBeNull();
  });
});
