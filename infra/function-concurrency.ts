// Every function of the stack has reserved concurrency (a ceiling, and capacity kept for it), or is a
// custom-resource provider: a function CloudFormation runs only while deploying, one event at a time,
// which the stack then marks as such in its template (Metadata `aivatar:concurrency`). A function that is
// neither fails synth (and tests/infra/api-protection.test.ts).
import { CfnResource, type Stack } from 'aws-cdk-lib';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';

/** The custom-resource providers the stack holds, by where they sit in the construct tree. */
export const CUSTOM_RESOURCE_PROVIDERS = [
  {
    path: /\/Styles\/Provider\/framework-onEvent\//,
    what: "the custom-resource framework's function in front of the style seeder (Styles/Function, whose own concurrency is reserved)",
  },
  {
    path: /\/Custom::S3AutoDeleteObjectsCustomResourceProvider\//,
    what: "CDK's provider that empties a dev bucket when the stack is deleted (autoDeleteObjects)",
  },
  {
    path: /\/Custom::CDKBucketDeployment[^/]*\//,
    what: "CDK's provider that copies the built web app into the site bucket (BucketDeployment)",
  },
] as const;

export const CONCURRENCY_METADATA = 'aivatar:concurrency';

export function checkFunctionConcurrency(stack: Stack): void {
  for (const c of stack.node.findAll()) {
    if (!(c instanceof CfnResource) || c.cfnResourceType !== 'AWS::Lambda::Function') continue;
    if (c instanceof CfnFunction && c.reservedConcurrentExecutions !== undefined) continue;
    const provider = CUSTOM_RESOURCE_PROVIDERS.find((p) => p.path.test(`${c.node.path}/`));
    if (!provider) {
      throw new Error(
        `${c.node.path}: every function has reserved concurrency, or is a custom-resource provider listed in infra/function-concurrency.ts`,
      );
    }
    c.addMetadata(
      CONCURRENCY_METADATA,
      `No reserved concurrency: a custom-resource provider, ${provider.what}; CloudFormation invokes it only while it deploys or deletes the stack.`,
    );
  }
}
