// Seeds the styles table on deploy: a custom resource whose version is a digest of the catalogue, so a
// deploy that changes the catalogue runs the seeding again (it only ever adds styles the table never had).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { CustomResource, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { STYLE_CATALOGUE } from '../../functions/styles/domain/catalogue/index.ts';
import { handlerEntry } from '../function-entries.ts';
import { ESM_REQUIRE_BANNER, LAMBDA_EXTERNAL_MODULES, REPO_ROOT } from './api-function.ts';

/** What the seeding function may do: read the seed claims, count ids, put claims and styles. */
export const SEED_TABLE_ACTIONS = ['dynamodb:BatchGetItem', 'dynamodb:UpdateItem', 'dynamodb:PutItem'];

export const catalogueVersion = (): string =>
  createHash('sha256').update(JSON.stringify(STYLE_CATALOGUE)).digest('hex').slice(0, 16);

interface StyleCatalogueProps {
  stage: 'dev' | 'prod';
  table: ITable;
}

export class StyleCatalogue extends Construct {
  readonly fn: NodejsFunction;
  readonly resource: CustomResource;

  constructor(scope: Construct, id: string, props: StyleCatalogueProps) {
    super(scope, id);
    const prod = props.stage === 'prod';
    const logs = (name: string) =>
      new LogGroup(this, name, {
        retention: prod ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_WEEK,
        removalPolicy: RemovalPolicy.DESTROY,
      });
    this.fn = new NodejsFunction(this, 'Function', {
      entry: handlerEntry('style-seed'),
      handler: 'handler',
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: 256,
      // One seeding at a time: deployments run it, and it only adds what the table never had.
      reservedConcurrentExecutions: 1,
      timeout: Duration.minutes(2),
      logGroup: logs('Logs'),
      description: `Aivatar ${props.stage}: seeds the styles table from the catalogue`,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: {
        STAGE: props.stage,
        TABLE_NAME: props.table.tableName,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node24',
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        minify: true,
        sourceMap: true,
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: false,
        externalModules: LAMBDA_EXTERNAL_MODULES,
      },
    });
    props.table.grant(this.fn, ...SEED_TABLE_ACTIONS);
    const provider = new Provider(this, 'Provider', {
      onEventHandler: this.fn,
      logGroup: logs('ProviderLogs'),
    });
    this.resource = new CustomResource(this, 'Seed', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::StyleCatalogue',
      properties: { CatalogueVersion: catalogueVersion() },
    });
  }
}
