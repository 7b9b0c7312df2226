// Runs before `npm test`: the suite needs a JDK (DynamoDB Local) and Chromium's headless shell (browser
// tests); with `--start`, before `npm start`, which needs only the JDK; with `--bench`, before the benches,
// which need the JDK and the whole Chromium. On a machine of this project's kind (Debian, root)
// it installs what is missing; elsewhere it says what to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from './chromium.ts';

const has = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
const isRoot = process.getuid?.() === 0;
const canApt = isRoot && has('apt-get', ['--version']);

const missing: { what: string; pkg: string }[] = [];
// The JDK (not only the runtime): javac builds the launcher that keeps DynamoDB Local on 127.0.0.1.
if (!has('java', ['-version']) || !has('javac', ['-version']))
  missing.push({ what: 'a Java 17+ JDK (for DynamoDB Local)', pkg: 'openjdk-17-jdk-headless' });
const forStart = process.argv.includes('--start');
const forBench = process.argv.includes('--bench');
// The tests drive Chromium's headless shell (tests/support/chromium.ts); the benches (Lighthouse, first
// load, the gallery) and the screenshots the whole browser.
if (!forStart && !forBench && !existsSync(HEADLESS_SHELL_PATH))
  missing.push({ what: "Chromium's headless shell (for the browser tests)", pkg: 'chromium-headless-shell' });
if (forBench && !existsSync(CHROMIUM_PATH))
  missing.push({ what: 'Chromium (for the benches)', pkg: 'chromium' });

if (missing.length && canApt) {
  console.log(`Installing ${missing.map((m) => m.what).join(' and ')} with apt-get…`);
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...missing.map((m) => m.pkg)], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (update.status !== 0 || install.status !== 0) {
    console.error(
      forStart
        ? 'apt-get could not install it; DynamoDB Local cannot start without Java.'
        : 'apt-get could not install them; the tests that need them will fail or skip.',
    );
    process.exit(process.env.CI ? 1 : 0);
  }
} else if (missing.length) {
  const line = '!'.repeat(78);
  console.warn(`${line}\n  Missing: ${missing.map((m) => m.what).join(', ')}.`);
  console.warn(`  Install with: sudo apt-get install -y ${missing.map((m) => m.pkg).join(' ')}\n${line}`);
  if (process.env.CI) process.exit(1);
}
