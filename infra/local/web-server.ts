// Serves the built SPA like CloudFront does: files from the bucket, index.html for app routes,
// the runtime config as /config.json, and the same security headers.
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { SECURITY_HEADERS, SHELL_DOCUMENT as SHELL } from '../web-hosting.ts';

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

export function startWebServer(distDir: string, port: number, runtimeConfig: object): Promise<Server> {
  const root = normalize(distDir);
  const configJson = JSON.stringify(runtimeConfig);
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
    if (path === '/config.json') {
      res.writeHead(200, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
        ...SECURITY_HEADERS,
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
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...SECURITY_HEADERS,
    });
    res.end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
