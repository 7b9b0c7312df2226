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
      'web/src/lib/y.ts': "import { shell } from '../app/shell.ts';\nexport const y = shell;\n",
      'web/src/app/shell.ts': 'export const shell = 1;\n',
      'infra/w.ts': 'export const w = 1;\n',
      // an area's domain: its ports, the platform and another area's door are allowed; the rest is not
      'functions/teams/domain/rules.ts':
        "import { y } from '../dynamodb/y.ts';\nimport type Stripe from 'stripe';\nimport { p } from './ports.ts';\n" +
        "import { clock } from '../../platform/domain/clock.ts';\nimport { open } from '../../generation/public.ts';\n" +
        "import { secret } from '../../generation/domain/secret.ts';\nexport type S = Stripe;\nexport const x = y + p + clock + open + secret;\n",
      'functions/teams/domain/ports.ts': 'export const p = 1;\n',
      'functions/teams/dynamodb/y.ts': "import { built } from '../wiring.ts';\nexport const y = built;\n",
      'functions/teams/wiring.ts':
        "import { root } from '../generation/wiring.ts';\nimport { z } from '../generation/dynamodb/z.ts';\nexport const built = root + z;\nexport type D = number;\n",
      'functions/teams/routes.ts': "import type { D } from './wiring.ts';\nexport const r: D = 1;\n",
      'functions/teams/handler.ts': "import { built } from './wiring.ts';\nexport const h = built;\n",
      'functions/generation/public.ts': "export { secret as open } from './domain/secret.ts';\n",
      'functions/generation/domain/secret.ts': 'export const secret = 1;\n',
      'functions/generation/dynamodb/z.ts': 'export const z = 1;\n',
      'functions/generation/wiring.ts': 'export const root = 1;\n',
      'functions/platform/domain/clock.ts':
        "import { open } from '../../generation/public.ts';\nexport const clock = open;\n",
      // the doors: public.ts for anyone (another area's domain too), adapters.ts for composition roots only
      'functions/photos/public.ts':
        "export { isUploadId } from './domain/names.ts';\nexport { S3PhotoFiles } from './s3/photo-files.ts';\n",
      'functions/photos/adapters.ts': "export { S3PhotoFiles } from './s3/photo-files.ts';\n",
      'functions/photos/domain/names.ts': 'export const isUploadId = (id: string) => id.length > 0;\n',
      'functions/photos/s3/photo-files.ts':
        "import { S3Client } from '@aws-sdk/client-s3';\nexport class S3PhotoFiles {\n  s3 = S3Client;\n}\n",
      'functions/styles/domain/pictures.ts':
        "import { isUploadId } from '../../photos/public.ts';\nexport const named = isUploadId;\n",
      'functions/styles/domain/uploads.ts':
        "import { S3PhotoFiles } from '../../photos/adapters.ts';\nexport const files = S3PhotoFiles;\n",
      'functions/styles/s3/picture-files.ts':
        "import { S3PhotoFiles } from '../../photos/adapters.ts';\nexport const uploads = S3PhotoFiles;\n",
      'functions/styles/wiring.ts':
        "import { S3PhotoFiles } from '../photos/adapters.ts';\nimport { named } from './domain/pictures.ts';\n" +
        'export const built = [new S3PhotoFiles(), named];\n',
      'functions/styles/handler.ts':
        "import { S3PhotoFiles } from '../photos/adapters.ts';\nimport { built } from './wiring.ts';\n" +
        'export const h = [built, S3PhotoFiles];\n',
      'functions/privacy/domain/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'functions/privacy/domain/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      'shared/s.ts': "import { z } from '../web/src/lib/z.ts';\nexport const s = z;\n",
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
    const found = await violations(root, ['shared', 'functions', 'infra', 'web']);
    expect(found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort()).toEqual([
      'areas-meet-through-their-door: functions/styles/domain/uploads.ts → functions/photos/adapters.ts',
      'areas-meet-through-their-door: functions/styles/s3/picture-files.ts → functions/photos/adapters.ts',
      'areas-meet-through-their-door: functions/teams/domain/rules.ts → functions/generation/domain/secret.ts',
      'components-and-lib-never-import-app: web/src/lib/y.ts → web/src/app/shell.ts',
      'domain-knows-no-infrastructure: functions/styles/domain/uploads.ts → functions/photos/adapters.ts',
      'domain-knows-no-infrastructure: functions/teams/domain/rules.ts → functions/teams/dynamodb/y.ts',
      'domain-knows-no-infrastructure: functions/teams/domain/rules.ts → stripe',
      // through another area's public.ts, which is allowed: what it re-exports is not
      'domain-reaches-no-infrastructure: functions/styles/domain/pictures.ts → @aws-sdk/client-s3',
      'domain-reaches-no-infrastructure: functions/styles/domain/pictures.ts → functions/photos/s3/photo-files.ts',
      'domain-reaches-no-infrastructure: functions/styles/domain/uploads.ts → @aws-sdk/client-s3',
      'domain-reaches-no-infrastructure: functions/styles/domain/uploads.ts → functions/photos/adapters.ts',
      'domain-reaches-no-infrastructure: functions/styles/domain/uploads.ts → functions/photos/s3/photo-files.ts',
      'domain-reaches-no-infrastructure: functions/teams/domain/rules.ts → functions/generation/dynamodb/z.ts',
      'domain-reaches-no-infrastructure: functions/teams/domain/rules.ts → functions/generation/wiring.ts',
      'domain-reaches-no-infrastructure: functions/teams/domain/rules.ts → functions/teams/dynamodb/y.ts',
      'domain-reaches-no-infrastructure: functions/teams/domain/rules.ts → functions/teams/wiring.ts',
      'domain-reaches-no-infrastructure: functions/teams/domain/rules.ts → stripe',
      'features-stay-apart: web/src/features/a/page.ts → web/src/features/b/thing.ts',
      'no-circular: functions/privacy/domain/a.ts → functions/privacy/domain/b.ts',
      'only-entries-import-wiring: functions/teams/dynamodb/y.ts → functions/teams/wiring.ts',
      'platform-knows-no-area: functions/platform/domain/clock.ts → functions/generation/public.ts',
      'roots-meet-through-door-or-wiring: functions/teams/wiring.ts → functions/generation/dynamodb/z.ts',
      'shared-depends-on-nothing-of-ours: shared/s.ts → web/src/lib/z.ts',
      'the-door-holds-no-infrastructure: functions/photos/public.ts → @aws-sdk/client-s3',
      'the-door-holds-no-infrastructure: functions/photos/public.ts → functions/photos/s3/photo-files.ts',
      'web-knows-no-backend: web/src/lib/z.ts → infra/w.ts',
    ]);
    // and no rule goes without a case here
    const rules = ((await import(CONFIG)) as { default: { forbidden: { name: string }[] } }).default
      .forbidden;
    expect(new Set(found.map((v) => v.rule.name))).toEqual(new Set(rules.map((r) => r.name)));
  }, 60_000);
});
