// What only the local API Gateway answers: the handlers' own status codes, error bodies and CORS are
// tested in-process (tests/handlers/auth.test.ts, tests/handlers/route-table.test.ts).
import { describe, expect, it } from 'vitest';
import { request } from '../support/api.ts';

describe('the API host', () => {
  it('answers unknown paths with 404', async () => {
    expect((await request('GET', '/nothing-here')).status).toBe(404);
  });
});
