// The functions as they are uploaded: the one synthesis in the infra tests that bundles (synth.ts skips
// bundling elsewhere). Only the two functions read here are bundled, each built from its group's entry as the
// stack builds it (groupFunctionProps), in a stack of their own: bundling every function of the stack took a
// minute. Each bundle is read from the cloud assembly: the auth function starts as an ES module, the photo
// intake function carries sharp for linux-arm64 and the face model, and nothing more.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LambdaGroup } from '#shared/api-routes.ts';
import { BUNDLED_MODEL_DIR, BUNDLED_WASM_DIR } from '../../functions/photos/faces/face-api-analyzer.ts';
import { ApiFunction, REPO_ROOT } from '../../infra/constructs/api-function.ts';
import { FACE_MODEL_FILES, WASM_FILES } from '../../infra/constructs/face-analysis.ts';
import { groupFunctionProps } from '../../infra/group-needs.ts';
import { type Json, props, type Resource } from './cfn-template.ts';
import { removeTempDirs, synthContext, tempDir } from './synth.ts';

const BUNDLED: readonly LambdaGroup[] = ['auth', 'photo-intake'];
let outdir: string;
const assetOf = new Map<LambdaGroup, string>();

beforeAll(() => {
  outdir = tempDir('aivatar-cdk-bundles-');
  const app = new App({ outdir, context: synthContext(true) });
  const stack = new Stack(app, 'Aivatar-bundles');
  const functions = BUNDLED.map(
    (group) => [group, new ApiFunction(stack, `Fn-${group}`, groupFunctionProps(group, 'dev', {}))] as const,
  );
  const resources = (Template.fromStack(stack).toJSON() as { Resources: Record<string, Resource> }).Resources;
  for (const [group, fn] of functions) {
    const code = props(resources[stack.getLogicalId(fn.fn.node.defaultChild as CfnFunction)] as Resource)
      .Code as Json;
    assetOf.set(group, join(outdir, `asset.${String(code.S3Key).replace(/\.zip$/, '')}`));
  }
});
afterAll(removeTempDirs);

describe('the deployed auth bundle', () => {
  it('starts as an ES module on Node 24 and answers an unauthenticated request with 401', () => {
    const assetDir = assetOf.get('auth') as string;
    const bundle = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
    expect(bundle.startsWith('import { createRequire')).toBe(true);
    expect(bundle).toMatch(/sourceMappingURL=index\.mjs\.map/);
    // The SDK is left to the Lambda runtime: run the bundle where node_modules stands in for it.
    expect(bundle).toMatch(/from\s*"@aws-sdk\/client-dynamodb"/);
    mkdirSync(join(REPO_ROOT, '.local'), { recursive: true });
    const runDir = tempDir('lambda-', join(REPO_ROOT, '.local'));
    writeFileSync(join(runDir, 'index.mjs'), bundle);
    const script = `
      const { handler } = await import(${JSON.stringify(join(runDir, 'index.mjs'))});
      const res = await handler({ version: '2.0', routeKey: 'GET /user_info', rawPath: '/user_info', headers: {},
        requestContext: { requestId: 'req-1', http: { method: 'GET', path: '/user_info', sourceIp: '127.0.0.1' } },
        isBase64Encoded: false }, {});
      process.stdout.write(JSON.stringify(res));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
      env: {
        PATH: process.env.PATH,
        AWS_REGION: 'eu-west-1',
        STAGE: 'dev',
        TABLE_NAME: 'aivatar-test',
        WEB_URL: 'https://web.aivatar.test',
        MAIL_FROM: 'Aivatar <no-reply@mail.aivatar.test>',
        MAIL_TRANSPORT: 'ses',
        JWT_SECRET: 'a-test-signing-key-that-is-long-enough-0123456789',
      },
    });
    expect(run.stderr).toBe('');
    const res = JSON.parse(run.stdout) as { statusCode: number; headers: Json };
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-correlation-id']).toBe('req-1');
  });
});

describe('the photo intake bundle', () => {
  it('carries sharp’s linux-arm64 binaries in its bundle, not the synthesizing machine’s', () => {
    const asset = assetOf.get('photo-intake') as string;
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
    const authModules = join(assetOf.get('auth') as string, 'node_modules');
    expect(existsSync(join(authModules, 'sharp'))).toBe(false);
    expect(existsSync(join(authModules, '@img'))).toBe(false);
    expect(existsSync(join(authModules, '@zxcvbn-ts', 'language-common', 'package.json'))).toBe(true);
  });

  it('carries the face model: the three networks it runs and the wasm backend, and no other weights', () => {
    const asset = assetOf.get('photo-intake') as string;
    expect(readdirSync(join(asset, BUNDLED_MODEL_DIR)).sort()).toEqual([...FACE_MODEL_FILES].sort());
    expect(readdirSync(join(asset, BUNDLED_WASM_DIR)).sort()).toEqual([...WASM_FILES].sort());
    const faceApi = join(asset, 'node_modules', '@vladmandic', 'face-api');
    expect(existsSync(join(faceApi, 'dist', 'face-api.node-wasm.js'))).toBe(true);
    expect(existsSync(join(faceApi, 'model'))).toBe(false);
    expect(existsSync(join(faceApi, 'demo'))).toBe(false);
    expect(existsSync(join(asset, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'package.json'))).toBe(
      true,
    );
    // Loaded on first analysis only: a cold start reaches the handler without TensorFlow.
    const bundle = readFileSync(join(asset, 'index.mjs'), 'utf8');
    expect(/from\s*"@tensorflow/.test(bundle)).toBe(false);
    // face-api's own code (its error texts) is not in the bundle: it is required when a face is analysed.
    expect(bundle.includes('FaceRecognizer.constructor')).toBe(false);
    expect(bundle.includes('face-api.node-wasm.js')).toBe(true);
  });
});
