// Synthesizes the stack as the operator deploys it, into temporary folders, and reads the template.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { expect } from 'vitest';
import { SUBSCRIPTION, TOKEN_PACKS } from '#shared/catalogue.ts';
import { TEAM_SEAT } from '#shared/team-rules.ts';
import { AivatarStack, type AivatarStackProps } from '../../infra/aivatar-stack.ts';
import { REPO_ROOT } from '../../infra/constructs/api-function.ts';
import type { Stage } from '../../infra/stage.ts';
import { at, type Json, props, type Resource } from './cfn-template.ts';

export interface Synth {
  stack: AivatarStack;
  template: Template;
  resources: Record<string, Resource>;
  outputs: Record<string, { Value: unknown }>;
  outdir: string;
}

export const WEB_DOMAIN = 'app.aivatar.test';
/** This stage's Stripe prices, as the operator passes them (-c stripePrices=...). */
export const STRIPE_PRICES: Record<string, string> = Object.fromEntries(
  [...TOKEN_PACKS, SUBSCRIPTION, TEAM_SEAT].map((p) => [p.id, `price_${p.id.replace('-', '')}`]),
);
export const CERT_ARN = 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';
const cdkContext = (JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Json })
  .context;

/**
 * The App's context. Unless `bundle`, no stack bundles its functions (`aws:cdk:bundling-stacks`, what
 * `cdk synth --exclusively` uses): the template is the same but for asset hashes, and synthesis takes
 * seconds instead of minutes. bundles.test.ts bundles the functions it reads, in a stack of their own.
 */
export const synthContext = (bundle = false): Json => ({
  ...cdkContext,
  ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
});

// Each synth stages about 25 MB of assets; call removeTempDirs() in afterAll.
const tempDirs: string[] = [];
export const tempDir = (prefix: string, parent = tmpdir()): string => {
  const dir = mkdtempSync(join(parent, prefix));
  tempDirs.push(dir);
  return dir;
};
export const removeTempDirs = (): void => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
};

function fakeWebBuild(): string {
  const dir = tempDir('aivatar-web-');
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Aivatar</title><div id="root"></div>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  return dir;
}

/** `change` runs on the built stack before synthesis (to check that a test notices a change). */
export function synth(
  stage: Stage,
  withDomain: boolean,
  change?: (stack: AivatarStack) => void,
  more: Partial<AivatarStackProps> = {},
): Synth {
  const outdir = tempDir(`aivatar-cdk-${stage}-`);
  const app = new App({ outdir, context: synthContext() });
  const stack = new AivatarStack(app, `Aivatar-${stage}`, {
    stage,
    mailDomain: 'mail.aivatar.test',
    adminEmails: ['boss@aivatar.test'],
    webAssetPath: fakeWebBuild(),
    stripePrices: STRIPE_PRICES,
    ...(withDomain ? { webDomain: WEB_DOMAIN, webCertificateArn: CERT_ARN } : {}),
    ...more,
  });
  change?.(stack);
  const template = Template.fromStack(stack);
  const json = template.toJSON() as { Resources: Record<string, Resource>; Outputs: Synth['outputs'] };
  return { stack, template, resources: json.Resources, outputs: json.Outputs, outdir };
}

export const ofType = (s: Synth, type: string) =>
  Object.entries(s.resources).filter(([, r]) => r.Type === type);
export const onlyOfType = (s: Synth, type: string): [string, Resource] => {
  const found = ofType(s, type);
  expect(found, type).toHaveLength(1);
  return found[0] as [string, Resource];
};
/** A secret by the start of its logical id (the stack has several). */
export const secretId = (s: Synth, prefix: string): string => {
  const found = ofType(s, 'AWS::SecretsManager::Secret').filter(([id]) => id.startsWith(prefix));
  expect(found, prefix).toHaveLength(1);
  return (found[0] as [string, Resource])[0];
};
export const functionId = (s: Synth, group: string): string => {
  const fn = s.stack.functions.get(group as never);
  if (!fn) throw new Error(`no function for ${group}`);
  return s.stack.getLogicalId(fn.fn.node.defaultChild as CfnFunction);
};

/** Logical id of the execution role of a group's function. */
export const roleId = (s: Synth, group: string): string =>
  at(props(s.resources[functionId(s, group)] as Resource), 'Role', 'Fn::GetAtt', 0) as string;

/**
 * Every policy statement a role carries: inline policies on the role, and every AWS::IAM::Policy (or
 * ManagedPolicy defined in the stack) attached to it.
 */
export function roleStatements(s: Synth, role: string): Json[] {
  const inline = ((props(s.resources[role] as Resource).Policies as Json[] | undefined) ?? []).flatMap(
    (p) => at(p, 'PolicyDocument', 'Statement') as Json[],
  );
  const attached = Object.values(s.resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' || r.Type === 'AWS::IAM::ManagedPolicy')
    .filter((r) => ((props(r).Roles as { Ref: string }[] | undefined) ?? []).some((x) => x.Ref === role))
    .flatMap((r) => at(props(r), 'PolicyDocument', 'Statement') as Json[]);
  return [...inline, ...attached];
}

export const actionsOf = (statement: Json): string[] => [statement.Action].flat() as string[];
export const resourcesOf = (statement: Json): unknown[] => [statement.Resource].flat();
