// Serves the built SPA like CloudFront does: files from the bucket, index.html for app routes,
// the runtime config as /config.json, and the same security headers.
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS, SHELL_DOCUMENT as SHELL } from '../web-hosting.ts';

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
  if (!full.startsWith(root)) return null;
  try {
    const s = await stat(full);
    if (s.isFile()) return full;
    if (s.isDirectory()) return fileAt(root, join(path, 'index.html'));
  } catch {}
  return null;
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg)/;

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

export function startWebServer(
  distDir: string,
  port: number,
  runtimeConfig: { apiUrl: string },
  hosting: { mediaOrigin?: string } = {},
): Promise<Server> {
  const root = normalize(distDir);
  const configJson = JSON.stringify(runtimeConfig);
  const compress = compressor();
  const headers = {
    ...SECURITY_HEADERS,
    'content-security-policy': CONTENT_SECURITY_POLICY(
      new URL(runtimeConfig.apiUrl).origin,
      hosting.mediaOrigin,
    ),
  };
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
    if (path === '/config.json') {
      res.writeHead(200, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
        ...headers,
      });
      return res.end(configJson);
    }
    const file = (await fileAt(root, path)) ?? (extname(path) ? null : join(root, SHELL));
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('Not found');
    }
    const body = await readFile(file).catch(() => null);
    if (!body) {
      res.writeHead(503, { 'content-type': 'text/plain' });
      return res.end('The web app is not built yet: run `npm run build:web`.');
    }
    const immutable = path.startsWith('/assets/');
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const out = COMPRESSIBLE.test(type)
      ? compress(file, body, String(req.headers['accept-encoding'] ?? ''))
      : { body };
    res.writeHead(200, {
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(out.encoding ? { 'content-encoding': out.encoding, vary: 'Accept-Encoding' } : {}),
      ...headers,
    });
    res.end(out.body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
