// The rule of where a sign-in goes back to (shared/sign-in-return.ts), shared by the browser's kept page
// (web/src/lib/return-to.ts) and the server, which puts it into an emailed link (docs/product.md, "Sign-up
// and activation on two devices"): an app page of this origin, nothing that a browser could read as another
// origin, a script, a way out of /app, or words for an email.
import { describe, expect, it } from 'vitest';
import { appPageIn, appReturnPath, RETURN_PATH_MAX_LENGTH } from '#shared/sign-in-return.ts';

describe('where a sign-in goes back to', () => {
  it('is an app page, English or French, with its query', () => {
    for (const page of [
      '/app',
      '/app/',
      '/fr/app',
      '/app/team?code=abc',
      '/fr/app/team?code=Ab-9_x',
      '/fr/app/account?delete=xyz',
      '/app/account?export=0f3e-41&x=%2F',
      '/app/gallery',
    ]) {
      expect(appReturnPath(page), page).toBe(page);
    }
  });

  it('is never another origin, a scheme, a way out of /app, or anything else', () => {
    for (const attempt of [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example',
      'https://evil.example/app/team',
      'http:/app/team',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      '/app/../../x',
      '/app/./team',
      '/app/..',
      '/fr/app/../../evil.example',
      '/app//evil.example',
      '/app/team/\\evil.example',
      '/app\\evil.example',
      '/app/team?code=abc#x',
      '/app/team?next=//evil.example\\',
      '/app/team?code=a b',
      '/app/team?code=a\nb',
      '/app/team?code=a\r\nBcc: x@evil.example',
      '/app/team?code="><script>',
      "/app/team?code='x'",
      '/app/team?code=<a>',
      '/appx',
      '/apps/team',
      '/en/app/team',
      '/de/app',
      'app/team',
      '/pricing?buy=pack-10',
      '/',
      '',
      ' /app',
      '/app ',
      '/app/team\u0000',
      '/app/t\u00e9am',
      `/app/team?code=${'a'.repeat(RETURN_PATH_MAX_LENGTH)}`,
    ]) {
      expect(appReturnPath(attempt), JSON.stringify(attempt)).toBeNull();
    }
  });

  it('is a string of bounded length', () => {
    const longest = `/app/team?code=${'a'.repeat(RETURN_PATH_MAX_LENGTH - '/app/team?code='.length)}`;
    expect(appReturnPath(longest)).toBe(longest);
    expect(appReturnPath(`${longest}a`)).toBeNull();
    for (const other of [null, undefined, 42, ['/app'], { path: '/app' }])
      expect(appReturnPath(other)).toBeNull();
  });
});

describe('the page kept, in the language of the sign-in', () => {
  it.each([
    ['/app/team?code=abc', 'fr', '/fr/app/team?code=abc'],
    ['/fr/app/team?code=abc', 'fr', '/fr/app/team?code=abc'],
    ['/fr/app/team?code=abc', 'en', '/app/team?code=abc'],
    ['/app/account?delete=x', 'en', '/app/account?delete=x'],
    ['/app', 'fr', '/fr/app'],
    ['/fr/app', 'en', '/app'],
  ] as const)('%s in %s is %s', (path, lang, page) => {
    expect(appPageIn(path, lang)).toBe(page);
    // Still a page the rule keeps.
    expect(appReturnPath(page)).toBe(page);
  });
});
