import { existsSync } from 'node:fs';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { presentedToken } from '#platform/http/middleware.ts';
import {
  type ApiRoute,
  apiRoutes,
  buildPath,
  groupRoutes,
  LAMBDA_GROUPS,
  matchPath,
  routedGroups,
  routeKey,
} from '#shared/api-routes.ts';
import { accountRoutes } from '../../functions/accounts/account-routes.ts';
import type { AccountDeps } from '../../functions/accounts/domain/accounts.ts';
import { authRoutes } from '../../functions/accounts/routes.ts';
import type { EventVerifier } from '../../functions/billing/domain/ports.ts';
import type { WebhookDeps } from '../../functions/billing/domain/webhook.ts';
import { billingRoutes } from '../../functions/billing/routes.ts';
import { webhookRoutes } from '../../functions/billing/webhook-routes.ts';
import type { BillingGroupDeps } from '../../functions/billing/wiring.ts';
import { avatarRoutes } from '../../functions/generation/routes.ts';
import type { GenerationGroupDeps } from '../../functions/generation/wiring.ts';
import type { PhotoDeps, PhotoIntakeDeps } from '../../functions/photos/domain/ports.ts';
import { photoIntakeRoutes } from '../../functions/photos/intake-routes.ts';
import { photoRoutes } from '../../functions/photos/routes.ts';
import type { PrivacyRequestDeps } from '../../functions/privacy/domain/ports.ts';
import { adminStyleRoutes } from '../../functions/styles/routes.ts';
import type { StylesGroupDeps } from '../../functions/styles/wiring.ts';
import { teamRoutes } from '../../functions/teams/routes.ts';
import type { TeamsGroupDeps } from '../../functions/teams/wiring.ts';
import { handlerEntry } from '../../infra/function-entries.ts';

// Each built group's route handlers, keyed by group. A group joins this map when its issue lands.
const handlersByGroup: Record<string, string[]> = {
  auth: Object.keys(authRoutes({} as AccountDeps)),
  avatars: Object.keys(avatarRoutes({} as GenerationGroupDeps)),
  billing: Object.keys(billingRoutes({} as BillingGroupDeps)),
  'stripe-webhook': Object.keys(webhookRoutes({} as WebhookDeps, {} as EventVerifier)),
  photos: Object.keys(photoRoutes({} as PhotoDeps)),
  'photo-intake': Object.keys(photoIntakeRoutes({} as PhotoIntakeDeps)),
  'admin-styles': Object.keys(adminStyleRoutes({} as StylesGroupDeps)),
  account: Object.keys(accountRoutes({} as PrivacyRequestDeps)),
  teams: Object.keys(teamRoutes({} as TeamsGroupDeps)),
};

describe('the route table', () => {
  it('declares every endpoint of the product’s contract once, with a unique method and path', () => {
    const keys = Object.values(apiRoutes).map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /user_info',
        'POST /login',
        'POST /signup',
        'POST /send_login_link',
        'GET /login_with_token/{token}',
        'GET /aivatar/styles',
        'POST /aivatar/create_tasks_batch',
        'POST /photos/upload',
        'GET /check_subscription',
        'GET /stripe_dashboard',
        'POST /api/admin/styles/import',
      ]),
    );
    for (const r of Object.values(apiRoutes)) expect(LAMBDA_GROUPS).toContain(r.group);
  });

  it('has a handler for every served route and a served route for every handler', () => {
    for (const group of LAMBDA_GROUPS) {
      const served = groupRoutes(group)
        .map(([id]) => id)
        .sort();
      const handled = (handlersByGroup[group] ?? []).sort();
      expect(handled, `group ${group}`).toEqual(served);
    }
  });

  it('has a Lambda entry for every group that serves routes', () => {
    for (const group of routedGroups()) {
      expect(existsSync(handlerEntry(group)), group).toBe(true);
    }
  });
});

describe('paths', () => {
  it('fills and matches parameters as single encoded segments', () => {
    const path = buildPath('/photos/data/{filename}', { filename: 'a b/c.png' });
    expect(path).toBe('/photos/data/a%20b%2Fc.png');
    expect(matchPath('/photos/data/{filename}', path)).toEqual({ filename: 'a b/c.png' });
    expect(matchPath('/photos/data/{filename}', '/photos/data/')).toBeNull();
    expect(matchPath('/photos/data/{filename}', '/photos/data/a/b')).toBeNull();
    expect(matchPath('/user_info', '/user_info')).toEqual({});
    expect(() => buildPath('/x/{id}', {})).toThrow(/Missing path parameter id/);
  });
});

describe('tokens in a URL (?token=: download links only)', () => {
  const event = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    ({ headers, queryStringParameters: query }) as unknown as APIGatewayProxyEventV2;

  it('are taken only by GET routes that answer a file, and only as a link; a header wins', () => {
    const withQueryToken = (Object.entries(apiRoutes) as [string, ApiRoute][]).filter(
      ([, r]) => r.queryToken,
    );
    expect(withQueryToken.map(([id]) => id).sort()).toEqual([
      'favouritesZip',
      'photoData',
      'resultData',
      'resultFile',
      'resultsZip',
      'teamHeadshotsZip',
      'teamMembersCsv',
    ]);
    for (const [, r] of withQueryToken) expect(r.method).toBe('GET');
    expect(presentedToken(event({ token: 'abc' }), apiRoutes.photoData)).toEqual({
      token: 'abc',
      via: 'link',
    });
    expect(presentedToken(event({ token: 'abc' }), apiRoutes.userInfo)).toBeNull();
    expect(presentedToken(event({ token: 'abc' }), apiRoutes.adminExportStyles)).toBeNull();
    expect(presentedToken(event({ token: 'q' }, { authorization: 'Bearer h' }), apiRoutes.photoData)).toEqual(
      { token: 'h', via: 'header' },
    );
  });
});
