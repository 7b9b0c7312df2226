// The local web server (infra/local/web-server.ts) over real HTTP, on a small built site: the address rule
// (one spelling per page, 400 for an address that does not decode, and the server stays up), byte ranges
// for the demo video, and canonical URLs that name the port actually served.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_SHELL_DOCUMENT,
  APP_SHELL_DOCUMENT_FR,
  LOCAL_SITE_URL,
  SHELL_DOCUMENT,
  SHELL_DOCUMENT_FR,
} from '#shared/web-routes.ts';
import { startWebServer } from '../../infra/local/web-server.ts';

const VIDEO = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
let dist: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'web-server-'));
  const files: Record<string, string | Buffer> = {
    'index.html': `<html><head><link rel="canonical" href="${LOCAL_SITE_URL}/"></head><body>home</body></html>`,
    'pricing/index.html': `<html><head><meta property="og:url" content="${LOCAL_SITE_URL}/pricing"></head><body>pricing</body></html>`,
    'fr/index.html': '<html><body>accueil</body></html>',
    [SHELL_DOCUMENT]: '<html lang="en"><body><div id="root"></div></body></html>',
    [SHELL_DOCUMENT_FR]: '<html lang="fr"><body><div id="root"></div></body></html>',
    [APP_SHELL_DOCUMENT]:
      '<html lang="en"><body><div id="root"></div><div class="boot-frame"></div></body></html>',
    [APP_SHELL_DOCUMENT_FR]:
      '<html lang="fr"><body><div id="root"></div><div class="boot-frame"></div></body></html>',
    'assets/Shell-AbC123.js': 'console.log(1);',
    'demo/video.mp4': VIDEO,
    'sitemap.xml': `<urlset><url><loc>${LOCAL_SITE_URL}/</loc></url></urlset>`,
  };
  for (const [path, body] of Object.entries(files)) {
    await mkdir(join(dist, path, '..'), { recursive: true });
    await writeFile(join(dist, path), body);
  }
  server = await startWebServer(dist, 0, { apiUrl: 'http://localhost:3999' });
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { redirect: 'manual', headers });

describe('local web server', () => {
  it('answers an address that does not decode with 400, and keeps serving', async () => {
    for (const path of ['/%', '/%E0%A4%A', '/app/%zz', '/assets/%.js']) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await get('/')).status).toBe(200);
  });

  it('sends another spelling of a page to its own spelling once, keeping the query', async () => {
    const cases: [string, string][] = [
      ['/Pricing', '/pricing'],
      ['/PRICING?x=1&y=B', '/pricing?x=1&y=B'],
      ['/FR', '/fr'],
      ['/fr/Pricing', '/fr/pricing'],
      ['/pricing/', '/pricing'],
      ['//pricing', '/pricing'],
      ['/%70ricing', '/pricing'],
      ['/LOGIN_WITH_TOKEN?token=AbC-123', '/login_with_token?token=AbC-123'],
    ];
    for (const [from, to] of cases) {
      const res = await get(from);
      expect(res.status, from).toBe(301);
      expect(res.headers.get('location'), from).toBe(to);
      // One hop: the target is served as it is.
      expect((await get(to)).status, to).toBe(200);
    }
  });

  it('serves pages at their own spelling, unknown pages the app shell, and files by their exact name', async () => {
    expect(await (await get('/pricing')).text()).toContain('pricing');
    expect(await (await get('/fr')).text()).toContain('accueil');
    // The sign-in pages lead to the app: its frame from the first paint, never a blank page.
    for (const path of ['/login', '/signup', '/login_with_token'])
      expect(await (await get(path)).text(), path).toContain(
        '<html lang="en"><body><div id="root"></div><div class="boot-frame">',
      );
    expect(await (await get('/application')).text()).toBe(
      '<html lang="en"><body><div id="root"></div></body></html>',
    );
    // The app's pages: the document with the app's frame.
    expect(await (await get('/app/gallery')).text()).toContain(
      '<html lang="en"><body><div id="root"></div><div class="boot-frame">',
    );
    // Under /fr, the French shell: the page's language is right before the app starts.
    expect(await (await get('/fr/application')).text()).toContain(
      '<html lang="fr"><body><div id="root"></div></body>',
    );
    for (const path of ['/fr/app/gallery', '/fr/app', '/fr/login', '/fr/signup'])
      expect(await (await get(path)).text(), path).toContain(
        '<html lang="fr"><body><div id="root"></div><div class="boot-frame">',
      );
    const asset = await get('/assets/Shell-AbC123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await get('/assets/shell-abc123.js')).status).toBe(404);
  });

  it('answers byte ranges, as the demo video needs to be seeked', async () => {
    const whole = await get('/demo/video.mp4');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');

    const part = await get('/demo/video.mp4', { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(VIDEO.subarray(100, 200));

    const open = await get('/demo/video.mp4', { range: 'bytes=990-' });
    expect(open.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect((await open.arrayBuffer()).byteLength).toBe(10);

    const tail = await get('/demo/video.mp4', { range: 'bytes=-4' });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(VIDEO.subarray(996));

    const beyond = await get('/demo/video.mp4', { range: 'bytes=1000-' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */1000');
  });

  it('names the port actually served in canonical and Open Graph URLs when the build had no SITE_URL', async () => {
    expect(base).not.toBe(LOCAL_SITE_URL);
    const home = await (await get('/')).text();
    expect(home).toContain(`<link rel="canonical" href="${base}/">`);
    expect(home).not.toContain(LOCAL_SITE_URL);
    expect(await (await get('/pricing')).text()).toContain(`content="${base}/pricing"`);
    expect(await (await get('/sitemap.xml')).text()).toContain(`<loc>${base}/</loc>`);
  });
});
