// AWS WAF in front of the site and the API. A web ACL for CloudFront must live in us-east-1, whatever the
// product's region, so it has its own small stack there; the product stack reads the ACLs' ARNs through
// CDK's cross-region references. docs/operations.md "Edge protection" explains the choices.
import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** Requests one client address may make in 5 minutes before WAF blocks it for a while. */
export const RATE_LIMITS = { site: 2000, api: 1000 } as const;

/** The AWS managed rule groups each ACL runs, in order. */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

/**
 * Rules of the common set that would block the product's own traffic: photo uploads (POST /photos/upload,
 * up to 4 MB) and Stripe's webhook deliveries have bodies over the set's 8 KB. They only count, so the
 * dashboard still shows them; the functions check bodies themselves.
 */
const COUNTED_ON_API = ['SizeRestrictions_BODY'];

function managedRule(name: string, priority: number, counted: string[]): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ...(counted.length
          ? { ruleActionOverrides: counted.map((r) => ({ name: r, actionToUse: { count: {} } })) }
          : {}),
      },
    },
    visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true },
  };
}

function webAcl(scope: Construct, id: string, stage: string, what: 'site' | 'api'): CfnWebACL {
  const rules: CfnWebACL.RuleProperty[] = [
    {
      name: 'RatePerClient',
      priority: 0,
      action: { block: {} },
      statement: { rateBasedStatement: { limit: RATE_LIMITS[what], aggregateKeyType: 'IP' } },
      visibilityConfig: {
        cloudWatchMetricsEnabled: true,
        metricName: 'RatePerClient',
        sampledRequestsEnabled: true,
      },
    },
    ...MANAGED_RULE_GROUPS.map((name, i) =>
      managedRule(
        name,
        i + 1,
        what === 'api' && name === 'AWSManagedRulesCommonRuleSet' ? COUNTED_ON_API : [],
      ),
    ),
  ];
  return new CfnWebACL(scope, id, {
    name: `aivatar-${stage}-${what}`,
    // WAF descriptions allow letters, digits, spaces and = : # @ / - , . only.
    description: `Aivatar ${stage} - ${what === 'site' ? 'the web app' : 'the API'} - CloudFront`,
    scope: 'CLOUDFRONT',
    defaultAction: { allow: {} },
    rules,
    visibilityConfig: {
      cloudWatchMetricsEnabled: true,
      metricName: `aivatar-${stage}-${what}`,
      sampledRequestsEnabled: true,
    },
  });
}

export interface EdgeAcls {
  siteAclArn: string;
  apiAclArn: string;
}

export class EdgeProtectionStack extends Stack {
  readonly acls: EdgeAcls;

  constructor(scope: Construct, id: string, props: StackProps & { stage: 'dev' | 'prod' }) {
    super(scope, id, props);
    if (props.env?.region !== 'us-east-1') throw new Error('WAF for CloudFront lives in us-east-1');
    this.acls = {
      siteAclArn: webAcl(this, 'SiteAcl', props.stage, 'site').attrArn,
      apiAclArn: webAcl(this, 'ApiAcl', props.stage, 'api').attrArn,
    };
  }
}
