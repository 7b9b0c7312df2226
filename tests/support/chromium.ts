// How Debian's Chromium is started here (as root, headless, no network chatter), for tests, benchmarks
// and screenshots alike.
import { existsSync } from 'node:fs';

/** The whole browser: Lighthouse, the benches, screenshots and the demo recording. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's chromium-headless-shell, which `npm test` installs (tests/support/ensure-tools.ts). */
export const HEADLESS_SHELL_PATH = process.env.TEST_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
/**
 * The browser tests' Chromium: Debian's chromium-headless-shell, the same Blink and V8 without the
 * browser's own windows. The whole browser opens a window per context, with a renderer of its own for the
 * address bar's popup (about 0.8 s of CPU each): with the shell, the browser files took 655 s instead of
 * 925 s one at a time, and every one passed. Without the package, the whole browser.
 */
export const TEST_CHROMIUM_PATH =
  process.env.TEST_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
