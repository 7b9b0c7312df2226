// One Lambda per endpoint group, with the defaults every group shares (house style: one function
// construct, `bind` helpers in function-bindings.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { LambdaGroup } from '#shared/api-routes.ts';
import { type GenerationFunction, handlerEntry, type JobFunction } from '../function-entries.ts';
import { analysisHooks, FACE_ANALYSIS_MODULES } from './face-analysis.ts';
import { stageLogGroupProps } from './stage-logs.ts';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');

/** Node's ESM output has no `require`; some CommonJS dependencies call it, so the bundle gets one. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __aivatarCreateRequire } from 'node:module'; const require = __aivatarCreateRequire(import.meta.url);";

/**
 * The AWS SDK v3 comes from the nodejs24.x runtime. Bundling it would triple the auth bundle (about 480 KB
 * minified against a 250 KB budget) and slow cold starts; the runtime's copy is the same major version,
 * and the integration tests run our code against the SDK version in package-lock.json.
 */
export const LAMBDA_EXTERNAL_MODULES: string[] = ['@aws-sdk/*'];

export interface ApiFunctionProps {
  /**
   * An endpoint group, a generation function (the SQS worker, the dead-letter handler, the sweeper) or the
   * privacy job function.
   */
  group: LambdaGroup | GenerationFunction | JobFunction;
  /** Default: "Aivatar <stage> API: <group> routes". */
  description?: string;
  stage: 'dev' | 'prod';
  /** MiB; also buys CPU. Default 512. */
  memorySize?: number;
  /** Concurrent executions reserved for this function, which are also its ceiling. */
  reservedConcurrency: number;
  /** Settings every function reads (functions/platform/config.ts); the bind helpers add the rest. */
  environment?: Record<string, string>;
  /** Default 10. */
  timeoutSeconds?: number;
  /**
   * Packages installed into the bundle's node_modules (for Lambda's platform, linux-arm64 with glibc,
   * whatever machine synthesizes) instead of bundled: native code (sharp), or megabytes of data loaded on
   * first use (the password dictionaries), which would otherwise weigh on every cold start.
   */
  installedModules?: readonly string[];
  /** The function analyses faces: it carries the face model (infra/constructs/face-analysis.ts). */
  faceAnalysis?: boolean;
  /** It also finds the person in an avatar (edits): the matting model beside the face model's. */
  personSegmentation?: boolean;
  /**
   * Traced in X-Ray (Lambda active tracing, and the X-Ray write actions CDK adds to the role): the function's
   * code runs Powertools' Tracer (functions/platform/observability/tracer.ts).
   */
  traced?: boolean;
}

/**
 * npm's platform settings for installing `installedModules` (npm >= 10 reads them from the environment): the
 * optional dependencies that carry prebuilt binaries (@img/sharp-linux-arm64, @img/sharp-libvips-linux-arm64)
 * are chosen for Lambda's arm64 Linux, not for the machine running the synth.
 */
const LAMBDA_NPM_PLATFORM: Record<string, string> = {
  npm_config_os: 'linux',
  npm_config_cpu: 'arm64',
  npm_config_libc: 'glibc',
};

export class ApiFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const entry = handlerEntry(props.group);
    if (!existsSync(entry)) {
      throw new Error(`Group ${props.group} has served routes but no Lambda entry at ${entry}`);
    }
    this.logGroup = new LogGroup(this, 'Logs', stageLogGroupProps(props.stage));
    const installed = [
      ...(props.installedModules ?? []),
      ...(props.faceAnalysis ? FACE_ANALYSIS_MODULES : []),
    ];
    this.fn = new NodejsFunction(this, 'Function', {
      entry,
      handler: 'handler',
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      reservedConcurrentExecutions: props.reservedConcurrency,
      timeout: Duration.seconds(props.timeoutSeconds ?? 10),
      logGroup: this.logGroup,
      ...(props.traced ? { tracing: Tracing.ACTIVE } : {}),
      description: props.description ?? `Aivatar ${props.stage} API: ${props.group} routes`,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node24',
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        minify: true,
        sourceMap: true,
        // linked: the bundle names its .map file, which --enable-source-maps then reads
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: false,
        externalModules: LAMBDA_EXTERNAL_MODULES,
        ...(installed.length ? { nodeModules: installed, environment: LAMBDA_NPM_PLATFORM } : {}),
        ...(props.faceAnalysis ? { commandHooks: analysisHooks(props.personSegmentation === true) } : {}),
      },
    });
  }
}
