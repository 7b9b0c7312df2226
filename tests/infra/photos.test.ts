// Issue 8 on AWS: the photos function (sharp for linux-arm64 in its bundle, memory, timeout, settings), its
// least-privilege access to the media bucket, and the bucket itself (private, CORS for the web origin only,
// photos deleted after PHOTO_RETENTION_DAYS), with the site's CSP naming the bucket.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_MODEL_DIR, BUNDLED_WASM_DIR } from '../../functions/adapters/faces/face-api-analyzer.ts';
import { GROUP_CONFIG, readConfig } from '../../functions/config.ts';
import { AivatarStack } from '../../infra/aivatar-stack.ts';
import { REPO_ROOT } from '../../infra/constructs/api-function.ts';
import { FACE_MODEL_FILES, WASM_FILES } from '../../infra/constructs/face-analysis.ts';
import { PHOTO_RETENTION_DAYS } from '../../shared/photo-rules.ts';
import { at, deployed, type Json, props, type Resource } from './cfn-template.ts';

const cdkContext = (JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Json })
  .context;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

let stack: AivatarStack;
let resources: Record<string, Resource>;
let outdir: string;

beforeAll(() => {
  const web = mkdtempSync(join(tmpdir(), 'aivatar-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Aivatar</title>');
  mkdirSync(join(web, 'assets'));
  outdir = mkdtempSync(join(tmpdir(), 'aivatar-cdk-photos-'));
  dirs.push(web, outdir);
  const app = new App({ outdir, context: cdkContext });
  stack = new AivatarStack(app, 'Aivatar-dev', {
    stage: 'dev',
    mailDomain: 'mail.aivatar.test',
    webAssetPath: web,
  });
  resources = (Template.fromStack(stack).toJSON() as { Resources: Record<string, Resource> }).Resources;
});

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const photosFunctionId = () => {
  const fn = stack.functions.get('photos');
  if (!fn) throw new Error('no photos function');
  return stack.getLogicalId(fn.fn.node.defaultChild as CfnFunction);
};
const mediaBucket = (): [string, Resource] =>
  ofType('AWS::S3::Bucket').find(([, b]) =>
    JSON.stringify(props(b).BucketName ?? '').includes('-media-'),
  ) as [string, Resource];

describe('the photos function', () => {
  it('runs with 2 GiB, 15 s and exactly the settings its config reads: table, session key, media bucket', () => {
    const p = props(resources[photosFunctionId()] as Resource);
    expect(p.MemorySize).toBe(2048);
    expect(p.Timeout).toBe(15);
    const vars = at(p, 'Environment', 'Variables') as Json;
    expect(vars.MEDIA_BUCKET).toEqual({ Ref: mediaBucket()[0] });
    expect(vars.MAIL_FROM).toBeUndefined();
    const env = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, deployed(v)]));
    expect(readConfig(GROUP_CONFIG.photos, env)).toMatchObject({ mediaBucket: env.MEDIA_BUCKET });
  });

  it('carries sharp’s linux-arm64 binaries in its bundle, not the synthesizing machine’s', () => {
    const code = props(resources[photosFunctionId()] as Resource).Code as Json;
    const asset = join(outdir, `asset.${String(code.S3Key).replace(/\.zip$/, '')}`);
    const img = join(asset, 'node_modules', '@img');
    expect(
      readdirSync(img)
        .filter((d) => d.startsWith('sharp-'))
        .sort(),
    ).toEqual(['sharp-libvips-linux-arm64', 'sharp-linux-arm64']);
    const addon = readdirSync(join(img, 'sharp-linux-arm64', 'lib')).find((f) => f.endsWith('.node'));
    expect(addon).toMatch(/^sharp-linux-arm64/);
    // An ELF file for AArch64 (e_machine 183).
    const elf = readFileSync(join(img, 'sharp-linux-arm64', 'lib', addon as string));
    expect(elf.subarray(1, 4).toString('latin1')).toBe('ELF');
    expect(elf.readUInt16LE(18)).toBe(183);
    expect(existsSync(join(asset, 'node_modules', 'sharp', 'package.json'))).toBe(true);
    // The bundle loads sharp from that node_modules, and only when a photo is processed.
    const bundle = readFileSync(join(asset, 'index.mjs'), 'utf8');
    expect(bundle).toContain('import("sharp")');
    expect(bundle).not.toMatch(/from\s*"sharp"/);
    // The auth function needs no sharp at all (it installs only the password dictionaries).
    const authCode = props(
      resources[
        stack.getLogicalId(stack.functions.get('auth')?.fn.node.defaultChild as CfnFunction)
      ] as Resource,
    ).Code as Json;
    const authModules = join(outdir, `asset.${String(authCode.S3Key).replace(/\.zip$/, '')}`, 'node_modules');
    expect(existsSync(join(authModules, 'sharp'))).toBe(false);
    expect(existsSync(join(authModules, '@img'))).toBe(false);
    expect(existsSync(join(authModules, '@zxcvbn-ts', 'language-common', 'package.json'))).toBe(true);
  });

  it('carries the face model: the three networks it runs and the wasm backend, and no other weights', () => {
    const code = props(resources[photosFunctionId()] as Resource).Code as Json;
    const asset = join(outdir, `asset.${String(code.S3Key).replace(/\.zip$/, '')}`);
    expect(readdirSync(join(asset, BUNDLED_MODEL_DIR)).sort()).toEqual([...FACE_MODEL_FILES].sort());
    expect(readdirSync(join(asset, BUNDLED_WASM_DIR)).sort()).toEqual([...WASM_FILES].sort());
    const faceApi = join(asset, 'node_modules', '@vladmandic', 'face-api');
    expect(existsSync(join(faceApi, 'dist', 'face-api.node-wasm.js'))).toBe(true);
    expect(existsSync(join(faceApi, 'model'))).toBe(false);
    expect(existsSync(join(faceApi, 'demo'))).toBe(false);
    expect(existsSync(join(asset, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'package.json'))).toBe(
      true,
    );
    // Loaded on first analysis only: the list and delete routes start without TensorFlow.
    const bundle = readFileSync(join(asset, 'index.mjs'), 'utf8');
    expect(/from\s*"@tensorflow/.test(bundle)).toBe(false);
    // face-api's own code (its error texts) is not in the bundle: it is required when a face is analysed.
    expect(bundle.includes('FaceRecognizer.constructor')).toBe(false);
    expect(bundle.includes('face-api.node-wasm.js')).toBe(true);
  });

  it('may get, put and delete objects under uploads/, photos/ and thumbs/ only, and send no mail', () => {
    const fn = props(resources[photosFunctionId()] as Resource);
    const roleId = at(fn, 'Role', 'Fn::GetAtt', 0) as string;
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, p]) => (props(p).Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
      .flatMap(([, p]) => at(props(p), 'PolicyDocument', 'Statement') as Json[]);
    const actions = statements.flatMap((st) => [st.Action].flat() as string[]);
    const s3 = statements.filter((st) => ([st.Action].flat() as string[]).some((a) => a.startsWith('s3:')));
    expect(s3).toHaveLength(1);
    expect([s3[0]?.Action].flat().sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    const bucketId = mediaBucket()[0];
    expect(((s3[0] as Json).Resource as Json[]).map(deployed).sort()).toEqual(
      ['photos/*', 'thumbs/*', 'uploads/*'].map((p) => `${bucketId.toLowerCase()}-arn.aws.test/${p}`),
    );
    expect(actions.filter((a) => a.startsWith('ses:'))).toEqual([]);
    expect(actions.filter((a) => a === '*' || a.endsWith(':*') || a === 's3:ListBucket')).toEqual([]);
  });
});

describe('the media bucket', () => {
  it('is private, encrypted and TLS-only', () => {
    const [id, bucket] = mediaBucket();
    expect(props(bucket).PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(
      at(
        props(bucket),
        'BucketEncryption',
        'ServerSideEncryptionConfiguration',
        0,
        'ServerSideEncryptionByDefault',
      ),
    ).toEqual({ SSEAlgorithm: 'AES256' });
    const [, policy] = ofType('AWS::S3::BucketPolicy').find(
      ([, p]) => at(props(p), 'Bucket', 'Ref') === id,
    ) as [string, Resource];
    const statements = at(props(policy), 'PolicyDocument', 'Statement') as Json[];
    const tls = statements.find((st) => st.Effect === 'Deny' && st.Action === 's3:*') as Json;
    expect(at(tls, 'Condition', 'Bool', 'aws:SecureTransport')).toBe('false');
  });

  it('lets only the web app’s origin upload (POST) and read (GET) from a browser', () => {
    const rules = at(props(mediaBucket()[1]), 'CorsConfiguration', 'CorsRules') as Json[];
    expect(rules).toHaveLength(1);
    const rule = rules[0] as Json;
    const webUrl = (Template.fromStack(stack).toJSON() as { Outputs: Record<string, { Value: unknown }> })
      .Outputs.WebUrl?.Value;
    expect((rule.AllowedOrigins as unknown[]).map(deployed)).toEqual([deployed(webUrl)]);
    expect([...(rule.AllowedMethods as string[])].sort()).toEqual(['GET', 'POST']);
  });

  it('deletes photos and thumbnails after the retention period, unconfirmed uploads after a day, exports after a week', () => {
    const rules = at(props(mediaBucket()[1]), 'LifecycleConfiguration', 'Rules') as Json[];
    const byPrefix = Object.fromEntries(
      rules.filter((r) => r.Prefix).map((r) => [r.Prefix as string, r.ExpirationInDays]),
    );
    expect(byPrefix).toEqual({
      'uploads/': 1,
      'photos/': PHOTO_RETENTION_DAYS,
      'thumbs/': PHOTO_RETENTION_DAYS,
      // "download all" ZIPs: their links last minutes; avatars themselves (results/) are kept
      'archives/': 1,
      // Data exports (docs/operations.md, Privacy) are kept a week.
      'exports/': 7,
    });
    for (const r of rules) expect(r.Status).toBe('Enabled');
    expect(rules.some((r) => at(r, 'AbortIncompleteMultipartUpload', 'DaysAfterInitiation') === 1)).toBe(
      true,
    );
  });

  it('is named in the site’s CSP for uploads (connect-src) and images (img-src)', () => {
    const [, policy] = ofType('AWS::CloudFront::ResponseHeadersPolicy')[0] as [string, Resource];
    const csp = deployed(
      at(
        props(policy),
        'ResponseHeadersPolicyConfig',
        'SecurityHeadersConfig',
        'ContentSecurityPolicy',
        'ContentSecurityPolicy',
      ),
    ) as string;
    const origin =
      'https://aivatar-dev-media-ref-awsaccountid-ref-awsregion.s3.ref-awsregion.ref-awsurlsuffix';
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${origin.replace(/[.*]/g, '\\$&')}`));
    expect(csp).toMatch(new RegExp(`img-src [^;]*${origin.replace(/[.*]/g, '\\$&')}`));
    expect(deployed(props(mediaBucket()[1]).BucketName)).toBe(
      'aivatar-dev-media-ref-awsaccountid-ref-awsregion',
    );
  });
});
