// The browser project's setup file: waits, before a browser file starts, for the SPA build that the global
// setup runs in the background (tests/support/global-setup.ts), and fails the file with the build's own
// errors if it failed.
import { existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';

const BUILD_WAIT_MS = 10 * 60_000;
const status = inject('webBuild');
const started = Date.now();
while (!existsSync(status)) {
  if (Date.now() - started > BUILD_WAIT_MS)
    throw new Error(`The web app's build did not end within 10 minutes`);
  await new Promise((r) => setTimeout(r, 250));
}
const result = JSON.parse(readFileSync(status, 'utf8')) as { ok: boolean; output?: string };
if (!result.ok) throw new Error(`The web app's build failed:\n${result.output ?? ''}`);
