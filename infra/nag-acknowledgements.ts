// cdk-nag (AwsSolutions) findings the stack accepts, each with the reason in one line. The infra tests run
// the checks (tests/infra/operations.test.ts) and fail on any finding not acknowledged here.
import { type Stack, Validations } from 'aws-cdk-lib';
import { CfnRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { CfnPolicy, CfnRole } from 'aws-cdk-lib/aws-iam';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnBucket } from 'aws-cdk-lib/aws-s3';
import { CfnSecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IConstruct } from 'constructs';

const ack = (c: IConstruct, id: string, reason: string) => Validations.of(c).acknowledge({ id, reason });

/** cdk-nag's spelling of a policy value: tokens as <LogicalId.Attr>, <AWS::Partition>... */
function nagString(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as Record<string, unknown>;
  if (v['Fn::Join']) {
    const [sep, parts] = v['Fn::Join'] as [string, unknown[]];
    return parts.map(nagString).join(sep);
  }
  if (v['Fn::GetAtt']) return `<${(v['Fn::GetAtt'] as string[]).join('.')}>`;
  if (v.Ref) return `<${String(v.Ref)}>`;
  return JSON.stringify(value);
}

/** Why a wildcard in a policy is as narrow as it can be, by where it is and what the statement allows. */
function wildcardReason(path: string, finding: string, actions: string[] = []): string {
  if (finding === '*' && actions.length && actions.every((a) => a.startsWith('xray:')))
    return 'Active tracing (Tracing.ACTIVE): X-Ray trace writes have no resource-level permissions.';
  if (path.includes('CDKBucketDeployment'))
    return "CDK's own deployment function copies the built SPA from the asset bucket into the site bucket.";
  if (finding.includes(':ses:'))
    return 'SES grants per identity; the statement is limited to the product address by a ses:FromAddress condition.';
  if (finding.includes('/index/*')) return "The table's own indexes (the design's GSI), nothing else.";
  if (/\/(uploads|photos|thumbs|results|exports)\/\*/.test(finding))
    return "Objects under one of the group's own key prefixes in the media bucket (GROUP_NEEDS.media).";
  if (path.includes('/Provider/'))
    return 'The custom resource framework invokes the versions of its one function.';
  return 'Reviewed wildcard: see infra/nag-acknowledgements.ts.';
}

export function acknowledgeNagFindings(stack: Stack): void {
  for (const c of stack.node.findAll()) {
    const path = c.node.path;
    if (c instanceof CfnRole && path.endsWith('ServiceRole/Resource')) {
      ack(
        c,
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'AWSLambdaBasicExecutionRole only lets the function write its own logs.',
      );
    }
    if (c instanceof CfnPolicy) {
      const doc = stack.resolve(c.policyDocument) as { Statement: { Action: unknown; Resource: unknown }[] };
      for (const st of doc.Statement) {
        for (const a of [st.Action]
          .flat()
          .map(nagString)
          .filter((x) => x.includes('*')))
          ack(c, `AwsSolutions-IAM5[Action::${a}]`, wildcardReason(path, a));
        for (const r of [st.Resource]
          .flat()
          .map(nagString)
          .filter((x) => x.includes('*')))
          ack(
            c,
            `AwsSolutions-IAM5[Resource::${r}]`,
            wildcardReason(path, r, [st.Action].flat().map(nagString)),
          );
      }
    }
    if (c instanceof CfnSecret) {
      ack(
        c,
        'AwsSolutions-SMG4',
        'Rotation is a runbook step (docs/operations.md), not a schedule: it signs everyone out, follows Stripe, or goes with a CloudFront redeploy.',
      );
    }
    if (c instanceof CfnBucket) {
      ack(
        c,
        'AwsSolutions-S1',
        'Reads go through CloudFront (site) or short-lived signed URLs; CloudTrail data events are the audit trail if needed.',
      );
    }
    if (c instanceof CfnDistribution) {
      ack(c, 'AwsSolutions-CFR1', 'The product is offered worldwide: no geo restriction.');
      ack(
        c,
        'AwsSolutions-CFR3',
        'WAF metrics and sampled requests, and the API access log, cover what CloudFront access logs would.',
      );
      ack(
        c,
        'AwsSolutions-CFR4',
        'Without webDomain the default *.cloudfront.net certificate fixes the TLS policy; with it, TLSv1.2_2021.',
      );
    }
    if (c instanceof CfnRoute) {
      ack(
        c,
        'AwsSolutions-APIG4',
        'Sessions are checked by the functions (JWT + session version, functions/platform/http/middleware.ts); public routes are public.',
      );
    }
    if (c instanceof CfnFunction && path.includes('CDKBucketDeployment')) {
      ack(c, 'AwsSolutions-L1', "CDK's own deployment function: its runtime is chosen by aws-cdk-lib.");
    }
  }
}
