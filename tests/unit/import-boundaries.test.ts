// The import boundaries of .dependency-cruiser.mjs (house style): the repository keeps them, and each rule
// really fails a tree that breaks it (a rule that matches nothing would pass forever).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '../..');
const CONFIG = join(REPO, '.dependency-cruiser.mjs');
const DEPCRUISE = join(REPO, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

async function violations(cwd: string, dirs: string[]): Promise<Violation[]> {
  const run = promisify(execFile);
  const args = [DEPCRUISE, '--config', CONFIG, '--output-type', 'json', ...dirs];
  // depcruise exits non-zero when it finds violations; the JSON report is on stdout either way.
  const { stdout } = await run(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 }).catch(
    (e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }),
  );
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

const tmp: string[] = [];
afterAll(async () => {
  for (const dir of tmp) await rm(dir, { recursive: true, force: true });
});

describe('import boundaries', () => {
  it('the repository keeps every boundary', async () => {
    const found = await violations(REPO, ['shared', 'functions', 'infra', 'web', 'tests']);
    expect(found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  }, 60_000);

  it('each rule fails a tree that breaks it, and allows what is allowed', async () => {
    const root = await mkdtemp(join(tmpdir(), 'boundaries-'));
    tmp.push(root);
    const files: Record<string, string> = {
      'tsconfig.json': JSON.stringify({
        compilerOptions: { allowImportingTsExtensions: true, noEmit: true, module: 'preserve' },
      }),
      'web/src/features/a/page.ts':
        "import { b } from '../b/thing.ts';\nimport { c } from '../../components/c.ts';\nexport const a = b + c;\n",
      'web/src/features/b/thing.ts': 'export const b = 1;\n',
      'web/src/components/c.ts': 'export const c = 1;\n',
      'web/src/lib/z.ts': "import { w } from '../../../infra/w.ts';\nexport const z = w;\n",
      'infra/w.ts': 'export const w = 1;\n',
      'functions/domain/rules.ts':
        "import { y } from '../adapters/y.ts';\nimport type Stripe from 'stripe';\nimport { p } from './port.ts';\nexport type S = Stripe;\nexport const x = y + p;\n",
      'functions/domain/port.ts': 'export const p = 1;\n',
      'functions/adapters/y.ts': 'export const y = 1;\n',
      'shared/s.ts': "import { z } from '../web/src/lib/z.ts';\nexport const s = z;\n",
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
    const found = await violations(root, ['shared', 'functions', 'infra', 'web']);
    expect(found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort()).toEqual([
      'domain-knows-no-infrastructure: functions/domain/rules.ts → functions/adapters/y.ts',
      'domain-knows-no-infrastructure: functions/domain/rules.ts → stripe',
      'features-stay-apart: web/src/features/a/page.ts → web/src/features/b/thing.ts',
      'shared-depends-on-nothing-of-ours: shared/s.ts → web/src/lib/z.ts',
      'web-knows-no-backend: web/src/lib/z.ts → infra/w.ts',
    ]);
  }, 60_000);
});
