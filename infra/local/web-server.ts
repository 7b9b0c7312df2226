// Serves the built SPA like CloudFront does: files from the bucket, a page's prerendered HTML or the app
// shell, the runtime config as /config.json, byte ranges, and the same security headers. Page addresses
// follow shared/page-address.ts, as the CloudFront function does.
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { canonicalPagePath } from '#shared/page-address.ts';
import { LOCAL_SITE_URL, shellDocumentFor } from '#shared/web-routes.ts';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../web-hosting.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff2': 'font/woff2',
};

async function fileAt(root: string, path: string): Promise<string | null> {
  const full = normalize(join(root, path));
  if (full !== root && !full.startsWith(root + sep)) return null;
  try {
    const s = await stat(full);
    if (s.isFile()) return full;
    if (s.isDirectory()) return fileAt(root, join(path, 'index.html'));
  } catch {}
  return null;
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg)/;
/** Documents that carry the site's own address (canonical, Open Graph, sitemap, robots.txt). */
const CARRIES_SITE_URL = /^(text\/html|application\/xml|text\/plain)/;

/** Compresses text like CloudFront does (Brotli, else gzip), once per file. */
function compressor() {
  const cache = new Map<string, Buffer>();
  return (key: string, body: Buffer, acceptEncoding: string): { body: Buffer; encoding?: string } => {
    const encoding = /\bbr\b/.test(acceptEncoding)
      ? 'br'
      : /\bgzip\b/.test(acceptEncoding)
        ? 'gzip'
        : undefined;
    if (!encoding || body.length < 1024) return { body };
    const cacheKey = `${encoding}:${key}:${body.length}`;
    let packed = cache.get(cacheKey);
    if (!packed) {
      packed =
        encoding === 'br'
          ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(body, { level: 9 });
      cache.set(cacheKey, packed);
    }
    return { body: packed, encoding };
  };
}

/**
 * The one byte range a `Range` header asks for, as S3 answers it: `bytes=a-b`, `bytes=a-` or `bytes=-n`.
 * null: no usable single range (serve the whole file); 'unsatisfiable': 416.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

function plain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...extra,
  });
  res.end(text);
}

export function startWebServer(
  distDir: string,
  port: number,
  runtimeConfig: { apiUrl: string },
  hosting: { mediaOrigin?: string } = {},
): Promise<Server> {
  const root = normalize(distDir).replace(/[\\/]+$/, '');
  const configJson = JSON.stringify(runtimeConfig);
  const compress = compressor();
  const headers = {
    ...SECURITY_HEADERS,
    'content-security-policy': CONTENT_SECURITY_POLICY(
      new URL(runtimeConfig.apiUrl).origin,
      hosting.mediaOrigin,
    ),
  };
  // A build made without SITE_URL points its canonical and Open Graph URLs at the default local address;
  // served on another port, they name the port actually served.
  let siteUrl = LOCAL_SITE_URL;
  const withSiteUrl = (body: Buffer): Buffer =>
    siteUrl === LOCAL_SITE_URL
      ? body
      : Buffer.from(body.toString('utf8').replaceAll(LOCAL_SITE_URL, siteUrl));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.url ?? '/';
    const queryAt = target.search(/[?#]/);
    const path = queryAt === -1 ? target : target.slice(0, queryAt);
    const query = queryAt === -1 ? '' : target.slice(queryAt).replace(/#.*$/, '');
    const canonical = canonicalPagePath(path);
    if (canonical === null) return plain(res, 400, 'Bad request: this address cannot be read.', headers);
    if (canonical !== path) {
      res.writeHead(301, { location: `${canonical}${query}`, 'cache-control': 'no-cache', ...headers });
      return void res.end();
    }
    const filePath = decodeURIComponent(path);
    if (filePath === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
      return void res.end(configJson);
    }
    const file =
      (await fileAt(root, filePath)) ?? (extname(filePath) ? null : join(root, shellDocumentFor(path)));
    if (!file) return plain(res, 404, 'Not found', headers);
    const raw = await readFile(file).catch(() => null);
    if (!raw) return plain(res, 503, 'The web app is not built yet: run `npm run build:web`.', headers);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const body = CARRIES_SITE_URL.test(type) ? withSiteUrl(raw) : raw;
    const common = {
      'content-type': type,
      'cache-control': filePath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      'accept-ranges': 'bytes',
      ...headers,
    };
    const range = byteRange(req.headers.range, body.length);
    if (range === 'unsatisfiable') {
      res.writeHead(416, { ...common, 'content-range': `bytes */${body.length}` });
      return void res.end();
    }
    if (range) {
      const part = body.subarray(range.start, range.end + 1);
      res.writeHead(206, {
        ...common,
        'content-range': `bytes ${range.start}-${range.end}/${body.length}`,
        'content-length': String(part.length),
      });
      return void res.end(req.method === 'HEAD' ? undefined : part);
    }
    const out = COMPRESSIBLE.test(type)
      ? compress(file, body, String(req.headers['accept-encoding'] ?? ''))
      : { body };
    res.writeHead(200, {
      ...common,
      'content-length': String(out.body.length),
      ...(out.encoding ? { 'content-encoding': out.encoding, vary: 'Accept-Encoding' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : out.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      // One bad request must never stop the local stack.
      console.error('[local web]', e);
      if (!res.headersSent) plain(res, 500, 'Internal error');
      else res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      siteUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
      resolve(server);
    });
  });
}
