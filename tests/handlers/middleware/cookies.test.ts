// functions/platform/http/cookies.ts: the sign-in cookies, as API Gateway (payload 2.0) hands them over and as the
// answer sets them.
import { describe, expect, it } from 'vitest';
import { clearCookie, readCookie, setCookie } from '#platform/http/cookies.ts';
import { routeEvent } from '../../support/handler-events.ts';

const LINK = { name: 'aivatar_link', secure: false, sameSite: 'Lax' as const };

describe('cookies', () => {
  it('are read from the event’s cookies, or from a Cookie header, by exact name', () => {
    const event = routeEvent('loginWithToken', {
      cookies: ['other=1', 'aivatar_link_x=2', 'aivatar_link=abc=d'],
    });
    expect(readCookie(event, 'aivatar_link')).toBe('abc=d');
    expect(readCookie(event, 'missing')).toBeNull();
    const header = routeEvent('loginWithToken', { headers: { cookie: 'a=1; aivatar_link=xyz' } });
    expect(readCookie(header, 'aivatar_link')).toBe('xyz');
  });

  it('are set HttpOnly with Path=/, Secure only over https, and cleared with Max-Age=0', () => {
    expect(setCookie(LINK, 'v', 900)).toBe('aivatar_link=v; Path=/; Max-Age=900; HttpOnly; SameSite=Lax');
    expect(setCookie({ name: '__Host-aivatar_link', secure: true, sameSite: 'None' }, 'v', 60)).toBe(
      '__Host-aivatar_link=v; Path=/; Max-Age=60; HttpOnly; Secure; SameSite=None',
    );
    expect(clearCookie(LINK)).toBe('aivatar_link=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
  });
});
