import { createServer } from 'node:net';

/**
 * A port nobody listens on right now (the OS picks it). It is free only at this moment: another process may
 * take it before it is used. Servers we own bind port 0 instead; this is for DynamoDB Local run from
 * Amazon's launcher, which needs a number (it starts again on a fresh port when the bind fails).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export function isPortInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(true));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(false)));
  });
}
