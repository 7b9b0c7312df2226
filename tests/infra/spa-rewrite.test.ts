// The CloudFront function in front of the SPA (infra/constructs/spa-hosting.ts), run as CloudFront runs it:
// its source text alone, with a viewer-request event. It follows the same address rule as the router and
// the local web server (shared/page-address.ts), so no address can make a page reload itself forever.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  APP_SHELL_DOCUMENT,
  APP_SHELL_DOCUMENT_FR,
  prerenderedPaths,
  SHELL_DOCUMENT,
  SHELL_DOCUMENT_FR,
} from '#shared/web-routes.ts';
import { SPA_REWRITE_SOURCE } from '../../infra/constructs/spa-hosting.ts';

interface Answer {
  uri?: string;
  statusCode?: number;
  headers?: Record<string, { value: string }>;
}
type QueryString = Record<string, { value: string; multiValue?: { value: string }[] }>;

const handler = runInNewContext(`${SPA_REWRITE_SOURCE}; handler`) as (event: unknown) => Answer;
const viewerRequest = (uri: string, querystring: QueryString = {}): Answer =>
  handler({ version: '1.0', request: { method: 'GET', uri, querystring, headers: {}, cookies: {} } });

/** What a browser ends up with: the redirects followed, failing on a loop. */
function follow(uri: string): { hops: number; answer: Answer; uri: string } {
  let current = uri;
  for (let hops = 0; hops < 5; hops++) {
    const answer = viewerRequest(current);
    if (answer.statusCode !== 301) return { hops, answer, uri: current };
    current = answer.headers?.location?.value ?? '';
  }
  throw new Error(`${uri} redirects in a loop`);
}

describe('CloudFront viewer-request function', () => {
  it('answers an address that does not decode with 400', () => {
    for (const uri of ['/%', '/%E0%A4%A', '/app/%zz']) expect(viewerRequest(uri).statusCode, uri).toBe(400);
  });

  it('redirects another spelling of a page once to its own, with its query', () => {
    const cases: [string, string][] = [
      ['/Pricing', '/pricing'],
      ['/PRICING', '/pricing'],
      ['/FR', '/fr'],
      ['/fr/Pricing', '/fr/pricing'],
      ['/Terms-Of-Service', '/terms-of-service'],
      ['/LINKEDIN-HEADSHOT', '/linkedin-headshot'],
      ['/fr/', '/fr'],
      ['//pricing', '/pricing'],
      ['/%70ricing', '/pricing'],
    ];
    for (const [from, to] of cases) {
      const answer = viewerRequest(from);
      expect(answer.statusCode, from).toBe(301);
      expect(answer.headers?.location?.value, from).toBe(to);
    }
    const withQuery = viewerRequest('/Login_With_Token', {
      token: { value: 'AbC-123' },
      lang: { value: 'fr' },
      tag: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b' }] },
    });
    expect(withQuery.headers?.location?.value).toBe('/login_with_token?token=AbC-123&lang=fr&tag=a&tag=b');
  });

  it('serves each prerendered page its HTML, other pages the app shell, files as they are named', () => {
    for (const path of prerenderedPaths()) {
      expect(viewerRequest(path).uri).toBe(path === '/' ? '/index.html' : `${path}/index.html`);
    }
    // The sign-in pages, on their way to the app: its frame too (never a blank page at load).
    expect(viewerRequest('/login_with_token').uri).toBe(`/${APP_SHELL_DOCUMENT}`);
    expect(viewerRequest('/fr/login').uri).toBe(`/${APP_SHELL_DOCUMENT_FR}`);
    expect(viewerRequest('/signup').uri).toBe(`/${APP_SHELL_DOCUMENT}`);
    expect(viewerRequest('/fr/signup').uri).toBe(`/${APP_SHELL_DOCUMENT_FR}`);
    expect(viewerRequest('/signups').uri).toBe(`/${SHELL_DOCUMENT}`);
    expect(viewerRequest('/fr/application').uri).toBe(`/${SHELL_DOCUMENT_FR}`);
    // The app's pages: the document with the app's frame drawn in it.
    expect(viewerRequest('/app/gallery').uri).toBe(`/${APP_SHELL_DOCUMENT}`);
    expect(viewerRequest('/app').uri).toBe(`/${APP_SHELL_DOCUMENT}`);
    expect(viewerRequest('/fr/app/gallery').uri).toBe(`/${APP_SHELL_DOCUMENT_FR}`);
    expect(viewerRequest('/fr/app').uri).toBe(`/${APP_SHELL_DOCUMENT_FR}`);
    expect(viewerRequest('/application').uri).toBe(`/${SHELL_DOCUMENT}`);
    expect(viewerRequest('/assets/Shell-AbC123.js').uri).toBe('/assets/Shell-AbC123.js');
  });

  it('ends every address in at most one redirect', () => {
    const addresses = [
      ...prerenderedPaths().flatMap((p) => [p, p.toUpperCase(), `${p}/`, `/${p}`]),
      '/App/Account',
      '/fr/APP',
      '/Nowhere/Deeper/',
      '/%C3%A9t%C3%A9',
      '/a%2Fb',
    ];
    for (const uri of addresses) {
      const { hops, answer } = follow(uri);
      expect(hops, uri).toBeLessThanOrEqual(1);
      expect(answer.uri, uri).toBeDefined();
    }
  });
});
