// How long each stage keeps its logs (function logs and API access logs alike), see docs/operations.md.
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

export const stageLogGroupProps = (stage: 'dev' | 'prod') =>
  stage === 'prod'
    ? { retention: RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.RETAIN }
    : { retention: RetentionDays.ONE_WEEK, removalPolicy: RemovalPolicy.DESTROY };
