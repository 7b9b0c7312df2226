// functions/platform/http/client-address.ts: behind the API's CloudFront distribution, API Gateway's source address is
// an edge server's; the per-address limits count the viewer's address, which the distribution's
// viewer-request function puts in x-viewer-address (infra/constructs/api-edge.ts). That header is believed
// only on a request that carried the distribution's origin secret (functions/platform/http/origin-verify.ts);
// anywhere else a client would choose its own address with it.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VIEWER_ADDRESS_HEADER } from '#platform/http/client-address.ts';
import { routeFor, stateOf } from '#platform/http/middleware.ts';
import { fromOriginOnly, ORIGIN_VERIFY_HEADER } from '#platform/http/origin-verify.ts';
import { functionLogger } from '#platform/observability/logger.ts';
import { apiRoutes } from '#shared/api-routes.ts';
import { CAPTURE_LIMITS } from '#shared/capture-rules.ts';
import {
  buildGroupHandler,
  call,
  type Handler,
  newClientIp,
  routeEvent,
} from '../../support/handler-events.ts';
import { middyRequest, runBefore } from './request.ts';

const SECRET = 'edge-origin-secret-0123456789abcdef';
const routes = { openCaptureLink: apiRoutes.openCaptureLink };

/** The address routeFor settles for a request that passed `edge` (the origin check). */
async function addressOf(
  edge: ReturnType<typeof fromOriginOnly>,
  ip: string,
  headers: Record<string, string>,
): Promise<string> {
  const event = routeEvent('openCaptureLink', { ip, headers });
  expect((await runBefore(edge, middyRequest(event))).error).toBeUndefined();
  expect((await runBefore(routeFor(routes), middyRequest(event))).error).toBeUndefined();
  return stateOf(event).clientAddress;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the client address routeFor settles', () => {
  const edgeServer = '130.176.0.10';

  it('is the viewer’s address (IPv4 or IPv6) on a request that came through the distribution', async () => {
    const edge = fromOriginOnly({ value: SECRET });
    const through = (viewer: string) => ({ [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: viewer });
    expect(await addressOf(edge, edgeServer, through('203.0.113.7'))).toBe('203.0.113.7');
    // IPv6 by its /64 network (limitedAddress, tests/unit/limited-address.test.ts).
    expect(await addressOf(edge, edgeServer, through('2001:db8::7'))).toBe('2001:db8:0:0::/64');
  });

  it('is the source address where no distribution fronts the API: the header is a client’s own word there', async () => {
    const local = fromOriginOnly(null);
    expect(
      await addressOf(local, '10.9.8.7', { [VIEWER_ADDRESS_HEADER]: '203.0.113.7' }),
      'no origin secret configured',
    ).toBe('10.9.8.7');
    const event = routeEvent('openCaptureLink', {
      ip: '10.9.8.7',
      headers: { [VIEWER_ADDRESS_HEADER]: '203.0.113.7' },
    });
    await runBefore(routeFor(routes), middyRequest(event));
    expect(stateOf(event).clientAddress, 'no origin check at all').toBe('10.9.8.7');
  });

  it('falls back to the source address, with one warning, when the header is missing or not an address', async () => {
    const warn = vi.spyOn(functionLogger, 'warn');
    const edge = fromOriginOnly({ value: SECRET });
    const cases: Record<string, string>[] = [
      { [ORIGIN_VERIFY_HEADER]: SECRET },
      { [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '' },
      { [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: 'localhost' },
      { [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '203.0.113.7, 198.51.100.1' },
      { [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '999.0.113.7' },
      { [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: `2001:db8::${'a'.repeat(60)}` },
    ];
    for (const headers of cases) {
      warn.mockClear();
      expect(await addressOf(edge, edgeServer, headers), JSON.stringify(headers)).toBe(edgeServer);
      expect(warn, JSON.stringify(headers)).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toMatch(/no valid viewer address/);
      expect(warn.mock.calls[0]?.[1]).toEqual({
        sourceIp: edgeServer,
        headerPresent: VIEWER_ADDRESS_HEADER in headers,
      });
    }
  });
});

describe('a per-address limit behind the distribution (capture-link opens)', () => {
  let photos: Handler;
  beforeAll(async () => {
    photos = await buildGroupHandler('photos', { env: { ORIGIN_VERIFY_SECRET: SECRET } });
  });
  /** A distinct viewer address per run: the handlers' table keeps counters between runs. */
  const viewerIp = () => `198.51.${randomBytes(1)[0]}.${1 + ((randomBytes(1)[0] as number) % 254)}`;
  const open = (edgeServer: string, headers: Record<string, string>, handler?: Handler) =>
    call(
      'openCaptureLink',
      { ip: edgeServer, headers: { 'x-capture-code': 'ZZZZZZZZZZZZ', ...headers } },
      handler,
    );

  it('counts each viewer apart behind one edge server, and one viewer together across edge servers', async () => {
    const edgeServer = newClientIp();
    const abuser = `2001:db8:${randomBytes(2).toString('hex')}::1`;
    const through = (viewer: string) => ({ [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: viewer });
    for (let i = 0; i < CAPTURE_LIMITS.opensPerWindow; i++)
      expect((await open(edgeServer, through(abuser), photos)).status).toBe(404);
    expect((await open(edgeServer, through(abuser), photos)).status).toBe(429);
    // Another user behind the same edge server is not locked out...
    expect((await open(edgeServer, through(viewerIp()), photos)).status).toBe(404);
    // ...and the abuser is still held back when another edge server forwards them.
    expect((await open(newClientIp(), through(abuser), photos)).status).toBe(429);
  });

  it('counts an IPv6 viewer by its /64: a new address of the same network per request is still held back', async () => {
    const network = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    const within = () => `${network}:${randomBytes(2).toString('hex')}::${randomBytes(2).toString('hex')}`;
    const through = (viewer: string) => ({ [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: viewer });
    const statuses: number[] = [];
    for (let i = 0; i <= CAPTURE_LIMITS.opensPerWindow; i++)
      statuses.push((await open(newClientIp(), through(within()), photos)).status);
    expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // The next /64 is someone else.
    expect((await open(newClientIp(), through(`2001:db9:${network.slice(9)}::1`), photos)).status).toBe(404);
  });

  it('ignores the header without origin verification: a client cannot pick a new address per request', async () => {
    const client = newClientIp();
    const statuses: number[] = [];
    for (let i = 0; i <= CAPTURE_LIMITS.opensPerWindow; i++)
      statuses.push((await open(client, { [VIEWER_ADDRESS_HEADER]: viewerIp() })).status);
    expect(statuses.at(-1)).toBe(429);
  });
});
