// The API answers CORS from one definition (shared/api-cors.ts), applied by the functions, locally as on AWS.
import { describe, expect, it } from 'vitest';
import { API_CORS } from '#shared/api-cors.ts';
import { stack } from '../support/api.ts';

const list = (header: string | null) =>
  (header ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .sort();

describe('the local API Gateway', () => {
  it('answers the web origin’s preflight with the shared CORS definition', async () => {
    const res = await fetch(`${stack().apiUrl}/user_info`, {
      method: 'OPTIONS',
      headers: {
        origin: stack().webUrl,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(stack().webUrl);
    expect(list(res.headers.get('access-control-allow-headers'))).toEqual(
      API_CORS.allowHeaders.map((h) => h.toLowerCase()).sort(),
    );
    expect(list(res.headers.get('access-control-allow-methods'))).toEqual(
      API_CORS.allowMethods.map((m) => m.toLowerCase()).sort(),
    );
    expect(list(res.headers.get('access-control-expose-headers'))).toEqual(
      API_CORS.exposeHeaders.map((h) => h.toLowerCase()).sort(),
    );
    expect(Number(res.headers.get('access-control-max-age'))).toBe(API_CORS.maxAgeSeconds);
    expect(res.headers.get('access-control-allow-credentials') === 'true').toBe(API_CORS.allowCredentials);
  });

  it('exposes the same headers on a real answer', async () => {
    const res = await fetch(`${stack().apiUrl}/user_info`, { headers: { origin: stack().webUrl } });
    expect(res.status).toBe(401);
    expect(list(res.headers.get('access-control-expose-headers'))).toEqual(
      API_CORS.exposeHeaders.map((h) => h.toLowerCase()).sort(),
    );
  });
});
