// Least privilege: each function's role holds exactly the actions its GROUP_NEEDS entry declares, on the
// resources it names, and that declaration matches the DynamoDB calls the function's code makes.
import { join } from 'node:path';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routedGroups } from '#shared/api-routes.ts';
import { TRACING_ACTIONS } from '../../infra/constructs/function-bindings.ts';
import { declaredActions, GROUP_NEEDS, type GroupNeeds } from '../../infra/group-needs.ts';
import { buildGroupBundle, sourceFiles } from '../support/function-bundle.ts';
import { at, type Json, props, type Resource } from './cfn-template.ts';
import { dynamoUsage } from './dynamo-usage.ts';
import {
  actionsOf,
  functionId,
  ofType,
  onlyOfType,
  removeTempDirs,
  resourcesOf,
  roleId,
  roleStatements,
  type Synth,
  secretId,
  synth,
  tempDir,
} from './synth.ts';

afterAll(removeTempDirs);

const needsOf = (group: string): GroupNeeds => {
  const needs = GROUP_NEEDS[group as keyof typeof GROUP_NEEDS];
  if (!needs) throw new Error(`${group} has no GROUP_NEEDS entry`);
  return needs;
};

/** Every allowed action of a function's role that its GROUP_NEEDS entry does not declare. */
function undeclaredGrants(s: Synth, group: string): string[] {
  const declared = new Set(declaredActions(needsOf(group)));
  return roleStatements(s, roleId(s, group)).flatMap((st) =>
    actionsOf(st)
      .filter((a) => st.Effect !== 'Allow' || !declared.has(a))
      .map((a) => `${a} (${JSON.stringify(st.Resource)})`),
  );
}

let dev: Synth;
beforeAll(() => {
  dev = synth('dev', false);
});

describe('function roles', () => {
  it('hold no action outside what each group declares in GROUP_NEEDS, and every declared one', () => {
    for (const group of routedGroups()) {
      expect(undeclaredGrants(dev, group), group).toEqual([]);
      const granted = new Set(roleStatements(dev, roleId(dev, group)).flatMap(actionsOf));
      expect([...granted].sort(), group).toEqual([...new Set(declaredActions(needsOf(group)))].sort());
      const role = props(dev.resources[roleId(dev, group)] as Resource);
      expect(role.ManagedPolicyArns, group).toHaveLength(1);
      expect(JSON.stringify(role.ManagedPolicyArns)).toMatch(/service-role\/AWSLambdaBasicExecutionRole"/);
    }
  });

  it('notice a grant nobody declared (the check above is not blind)', () => {
    const widened = synth('dev', false, (stack) => {
      const auth = stack.functions.get('auth');
      const table = stack.node.findAll().find((c) => c.node.id === 'Table');
      if (!auth || !table) throw new Error('auth function or table not found');
      (table as unknown as { grantReadWriteData(g: unknown): void }).grantReadWriteData(auth.fn);
    });
    const extra = undeclaredGrants(widened, 'auth').join('\n');
    expect(extra).toMatch(/dynamodb:Scan/);
    expect(extra).toMatch(/dynamodb:BatchWriteItem/);
    expect(extra).toMatch(/dynamodb:DescribeTable/);
  });

  it('scope DynamoDB actions to the table; an index, where the group declares one, is granted Query alone', () => {
    const tableId = onlyOfType(dev, 'AWS::DynamoDB::Table')[0];
    const tableArn = { 'Fn::GetAtt': [tableId, 'Arn'] };
    for (const group of routedGroups()) {
      const table = needsOf(group).table;
      const statements = roleStatements(dev, roleId(dev, group)).filter((st) =>
        actionsOf(st).some((a) => a.startsWith('dynamodb:')),
      );
      expect(statements.length, group).toBe(table ? (table.indexes?.length ? 2 : 1) : 0);
      if (!table) continue;
      const [onTable, onIndexes] = statements as [Json, Json | undefined];
      expect(actionsOf(onTable).every((a) => a.startsWith('dynamodb:'))).toBe(true);
      expect(resourcesOf(onTable), group).toEqual([tableArn]);
      if (onIndexes) {
        expect(actionsOf(onIndexes)).toEqual(['dynamodb:Query']);
        expect(resourcesOf(onIndexes), group).toEqual(
          (table.indexes ?? []).map((i) => ({ 'Fn::Join': ['', [tableArn, `/index/${i}`]] })),
        );
      }
    }
  });

  it('grant no function dynamodb:Scan; BatchWriteItem only to the privacy job function, on the table alone', () => {
    const tableId = onlyOfType(dev, 'AWS::DynamoDB::Table')[0];
    const jobRole = at(
      props(
        dev.resources[
          dev.stack.getLogicalId(dev.stack.privacyJobs.fn.fn.node.defaultChild as CfnFunction)
        ] as Resource,
      ),
      'Role',
      'Fn::GetAtt',
      0,
    );
    const batchWriters: unknown[] = [];
    for (const [, policy] of ofType(dev, 'AWS::IAM::Policy')) {
      const roles = (props(policy).Roles as { Ref: string }[]).map((r) => r.Ref);
      for (const st of at(props(policy), 'PolicyDocument', 'Statement') as Json[]) {
        const actions = actionsOf(st);
        expect(
          actions.filter((a) => /^dynamodb:(Scan|\*)$/.test(a)),
          JSON.stringify(st),
        ).toEqual([]);
        if (actions.includes('dynamodb:BatchWriteItem')) {
          batchWriters.push(...roles);
          expect(resourcesOf(st)).toEqual([{ 'Fn::GetAtt': [tableId, 'Arn'] }]);
        }
      }
    }
    expect(batchWriters).toEqual([jobRole]);
  });

  it('read only the secrets each group declares and send mail only as the product, through its configuration set', () => {
    const [configSetId] = onlyOfType(dev, 'AWS::SES::ConfigurationSet');
    for (const group of routedGroups()) {
      const needs = needsOf(group);
      const declared = [
        ...(needs.sessionSigningKey ? ['SessionSigningKey'] : []),
        ...(needs.stripeApi ? ['StripeApiKey'] : []),
        ...(needs.stripeWebhookSecret ? ['StripeWebhookSecret'] : []),
      ].map((prefix) => ({ Ref: secretId(dev, prefix) }));
      const statements = roleStatements(dev, roleId(dev, group));
      const read = statements
        .filter((x) => actionsOf(x).some((a) => a.startsWith('secretsmanager:')))
        .flatMap((st) => resourcesOf(st));
      expect(read.map((r) => JSON.stringify(r)).sort(), group).toEqual(
        declared.map((r) => JSON.stringify(r)).sort(),
      );
      for (const st of statements.filter((x) => actionsOf(x).includes('ses:SendEmail'))) {
        expect(actionsOf(st)).toEqual(['ses:SendEmail']);
        expect(at(st, 'Condition', 'StringEquals', 'ses:FromAddress')).toBe('no-reply@mail.aivatar.test');
        const resources = resourcesOf(st).map((r) => JSON.stringify(r));
        expect(resources).toHaveLength(2);
        expect(resources.find((r) => r.includes(':identity/'))).toMatch(/:identity\/\*"/);
        expect(resources.find((r) => r.includes(':configuration-set/'))).toContain(
          `{"Ref":"${configSetId}"}`,
        );
      }
      for (const st of statements.filter((x) => x.Resource === '*'))
        expect(actionsOf(st).sort(), JSON.stringify(st)).toEqual([...TRACING_ACTIONS].sort());
    }
  });

  it('trace every group in X-Ray: active tracing, and on `*` only the trace writes X-Ray cannot scope', () => {
    for (const group of routedGroups()) {
      const fn = props(dev.resources[functionId(dev, group)] as Resource);
      expect(fn.TracingConfig, group).toEqual({ Mode: 'Active' });
      const onAnything = roleStatements(dev, roleId(dev, group)).filter((st) => st.Resource === '*');
      expect(
        onAnything.map((st) => actionsOf(st).sort()),
        group,
      ).toEqual([[...TRACING_ACTIONS].sort()]);
    }
  });
});

describe('GROUP_NEEDS', () => {
  it('declares exactly the DynamoDB actions each function’s code calls', async () => {
    const out = tempDir('aivatar-bundle-');
    for (const group of routedGroups()) {
      const bundle = await buildGroupBundle(group, join(out, `${group}.mjs`));
      const used = dynamoUsage(sourceFiles(bundle));
      expect(used.unknownCommands, `${group}: map these in tests/infra/dynamo-usage.ts`).toEqual([]);
      const table = needsOf(group).table;
      expect([...(table?.actions ?? [])].sort(), group).toEqual(used.actions);
      expect(Boolean(table?.indexes?.length), `${group} queries an index`).toBe(used.queriesIndex);
    }
  });
});
