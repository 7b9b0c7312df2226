// `npm run demo:record`: records the landing page's 59-second demo video from the running product (local
// stack, headless Chromium's screencast, Debian's ffmpeg) into web/public/demo/. Re-run it whenever the
// screens change; it shows what exists: a screen that is not built yet is skipped.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { REPO_ROOT, startLocalStack } from '../../infra/local/stack.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const OUT = join(REPO_ROOT, 'web/public/demo');
const LENGTH_SECONDS = 59;
const SIZE = { width: 1280, height: 720 };

process.env.LOG_LEVEL = 'silent';
if (!process.argv.includes('--skip-build')) {
  execFileSync(process.execPath, ['web/scripts/build.ts', '--quiet'], { cwd: REPO_ROOT, stdio: 'inherit' });
}
const frames = await mkdtemp(join(tmpdir(), 'aivatar-demo-'));
const stack = await startLocalStack({ webDist: join(REPO_ROOT, 'web/dist') });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

const pause = (page: Page, ms: number) => page.waitForTimeout(ms);

async function scrollThrough(page: Page, seconds: number): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  const steps = Math.max(1, Math.round(seconds * 10));
  for (let i = 1; i <= steps; i++) {
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), (height * i) / steps);
    await pause(page, 100);
  }
}

try {
  const context = await browser.newContext({ viewport: SIZE, baseURL: stack.webUrl });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const shots: { file: string; at: number }[] = [];
  cdp.on('Page.screencastFrame', async ({ data, metadata, sessionId }) => {
    const file = join(frames, `${String(shots.length).padStart(6, '0')}.jpg`);
    shots.push({ file, at: metadata.timestamp ?? Date.now() / 1000 });
    await writeFile(file, Buffer.from(data, 'base64'));
    await cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
  });

  await page.goto('/', { waitUntil: 'networkidle' });
  await cdp.send('Page.startScreencast', {
    format: 'jpeg',
    quality: 85,
    maxWidth: SIZE.width,
    maxHeight: SIZE.height,
  });
  await pause(page, 2500);
  await scrollThrough(page, 8);
  await pause(page, 800);

  // Sign up: the email, the terms, the activation email.
  const email = 'ada@example.com';
  await page.goto('/signup');
  await page.getByLabel('Email').pressSequentially(email, { delay: 70 });
  await page.getByRole('checkbox').check();
  await pause(page, 500);
  await page.getByRole('button', { name: 'Request activation email' }).click();
  await page.getByText('Account created!', { exact: false }).waitFor();
  await pause(page, 2500);

  await page.goto(`${stack.apiUrl}/_local/outbox`);
  await pause(page, 2500);
  const link = await page.frameLocator('iframe').first().getByRole('link', { name: 'Activate my account' });
  await link.click();
  await page.getByRole('heading', { name: 'Login Successful' }).waitFor();
  await pause(page, 1500);
  await page.getByTestId('account-balance').waitFor();
  await pause(page, 2500);

  // A password, for logging in without a link next time.
  await page
    .getByLabel('New password', { exact: true })
    .pressSequentially('correct horse battery', { delay: 40 });
  await page.getByLabel('Confirm new password').pressSequentially('correct horse battery', { delay: 40 });
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByText('Your password has been set.').waitFor();
  await pause(page, 2000);
  await scrollThrough(page, 2);
  await pause(page, 1000);

  // The same app in French.
  await page.goto('/fr/app/account');
  await page.getByRole('heading', { name: 'Mon compte' }).waitFor();
  await pause(page, 2500);

  for (const id of ['pricing', 'linkedinHeadshot'] as const) {
    await page.goto(id === 'pricing' ? '/fr/pricing' : '/fr/linkedin-headshot', { waitUntil: 'networkidle' });
    await pause(page, 2000);
    await scrollThrough(page, 5);
  }
  await page.goto('/fr/app/account');
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.waitForURL((u) => u.pathname === '/fr');
  await pause(page, 2500);
  await cdp.send('Page.stopScreencast');
  await pause(page, 300);

  // A constant-rate video of exactly LENGTH_SECONDS: each frame lasts until the next one, then the whole
  // recording is stretched or squeezed evenly to the target length.
  const recorded = (shots.at(-1)?.at ?? 0) - (shots[0]?.at ?? 0) + 0.5;
  const list = shots
    .map((s, i) => `file '${s.file}'\nduration ${((shots[i + 1]?.at ?? s.at + 0.5) - s.at).toFixed(4)}`)
    .join('\n');
  const listFile = join(frames, 'frames.txt');
  await writeFile(listFile, `${list}\nfile '${shots.at(-1)?.file}'\n`);
  await mkdir(OUT, { recursive: true });
  const factor = LENGTH_SECONDS / recorded;
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    listFile,
    '-vf',
    `setpts=${factor.toFixed(5)}*PTS,fps=30,scale=${SIZE.width}:${SIZE.height}:flags=lanczos,format=yuv420p`,
    '-t',
    String(LENGTH_SECONDS),
    '-c:v',
    'libx264',
    '-preset',
    'slow',
    '-crf',
    '26',
    '-movflags',
    '+faststart',
    '-an',
    join(OUT, 'aivatar-demo.mp4'),
  ]);
  await sharp(shots[Math.min(5, shots.length - 1)]?.file)
    .webp({ quality: 80 })
    .toFile(join(OUT, 'poster.webp'));
  const duration = execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', join(OUT, 'aivatar-demo.mp4')],
    { encoding: 'utf8' },
  ).trim();
  console.log(`Recorded ${shots.length} frames over ${recorded.toFixed(1)} s; video ${duration} s in ${OUT}`);
} finally {
  await browser.close();
  await stack.stop();
  await rm(frames, { recursive: true, force: true });
}
