// Alarms to one SNS topic (email subscription from the stage's `alarmEmail` setting) and one dashboard
// per stage. Each alarm has a runbook section in docs/operations.md ("Alarms"), named by its id here.
// The task worker, the privacy job function and their dead-letter queues are watched once they exist:
// `watchTaskWorker`, `watchPrivacyJobs`.
import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { type BusinessMetric, METRICS_NAMESPACE } from '#platform/domain/metrics.ts';
import { PROVIDER_BUDGET_ALARM_PERCENT } from '../../functions/generation/domain/provider-budget.ts';

/** Every alarm's threshold, in one place (docs/operations.md quotes them). */
export const ALARM_THRESHOLDS = {
  /** any 5xx answered by the API, in percent of requests over 5 minutes (with at least 20 requests) */
  api5xxPercent: 5,
  /** requests refused by API Gateway's throttling, per 5 minutes */
  apiThrottled: 10,
  /** Lambda throttles of the API functions (reserved concurrency reached), per 5 minutes */
  functionThrottles: 5,
  /** webhook deliveries with a bad signature, per 5 minutes */
  webhookSignatureFailures: 3,
  /** webhook deliveries answered with an error, per 5 minutes */
  webhookFailures: 1,
  /** tasks refunded in one hour */
  tasksRefundedPerHour: 10,
  /** the provider's 90th percentile latency over 15 minutes, in ms */
  providerLatencyP90Ms: 60_000,
  /** share of the daily provider-call cap used */
  providerBudgetPercent: PROVIDER_BUDGET_ALARM_PERCENT,
  /** worker invocations that failed, in percent over 15 minutes */
  workerErrorPercent: 10,
  /**
   * avatars refunded by the likeness guarantee, in percent of those measured over an hour (with at least
   * likenessRefundMinScored measured): a jump means the provider (or its model) stopped keeping faces
   */
  likenessRefundPercent: 25,
  likenessRefundMinScored: 10,
  /**
   * the highest share of one account's measured avatars of the day (once it had 5) the guarantee refunded,
   * over an hour, in percent: an account farming refunds (photos of different people, renders made to fail)
   */
  accountLikenessRefundPercent: 60,
  /** privacy job runs that failed, per 15 minutes */
  privacyJobErrors: 3,
  /** stored items a read had to skip (they did not match their shape), per hour: any is a bug to look at */
  malformedItems: 1,
} as const;

interface MonitoringProps {
  stage: 'dev' | 'prod';
  /** Where alarms are emailed (the stage's `alarmEmail` setting); without it, subscribe to the topic by hand. */
  alarmEmail?: string;
  /** The HTTP API's id and its access log group. */
  apiId: string;
  accessLogs: ILogGroup;
  /** The API functions, by group. */
  functions: ReadonlyMap<string, IFunction>;
}

export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms = new Map<string, Alarm>();
  private readonly stage: string;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.stage = props.stage;
    this.topic = new Topic(this, 'AlarmTopic', {
      displayName: `Aivatar ${props.stage} alarms`,
      enforceSSL: true,
    });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `Aivatar-${props.stage}` });

    const apiMetric = (metricName: string) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: props.apiId },
        statistic: 'Sum',
        period: Duration.minutes(5),
      });
    const requests = apiMetric('Count');
    const errors5xx = apiMetric('5xx');
    const api5xxRate = new MathExpression({
      expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: errors5xx },
      label: 'API 5xx (% of requests)',
      period: Duration.minutes(5),
    });
    this.alarm(
      'Api5xxRate',
      api5xxRate,
      ALARM_THRESHOLDS.api5xxPercent,
      'More than 5% of API requests failed with a 5xx',
    );

    // API Gateway's own throttling answers 429 without calling a function: integrationStatus is "-".
    const throttled = new MetricFilter(this, 'ApiThrottledFilter', {
      logGroup: props.accessLogs,
      filterPattern: FilterPattern.all(
        FilterPattern.stringValue('$.status', '=', '429'),
        FilterPattern.stringValue('$.integrationStatus', '=', '-'),
      ),
      // A metric filter has no fixed dimensions: the stage is in the namespace instead.
      metricNamespace: `${METRICS_NAMESPACE}/${props.stage}`,
      metricName: 'ApiThrottled',
      metricValue: '1',
    }).metric({ statistic: 'Sum', period: Duration.minutes(5) });
    this.alarm(
      'ApiThrottled',
      throttled,
      ALARM_THRESHOLDS.apiThrottled,
      'API Gateway refused requests (throttling)',
    );

    const fnThrottles = [...props.functions.values()].map((fn) =>
      fn.metricThrottles({ period: Duration.minutes(5) }),
    );
    const throttles = new MathExpression({
      expression: fnThrottles.map((_, i) => `t${i}`).join(' + ') || '0',
      usingMetrics: Object.fromEntries(fnThrottles.map((m, i) => [`t${i}`, m])),
      label: 'Lambda throttles (API functions)',
      period: Duration.minutes(5),
    });
    this.alarm(
      'FunctionThrottles',
      throttles,
      ALARM_THRESHOLDS.functionThrottles,
      'API functions hit their reserved concurrency',
    );

    this.alarm(
      'WebhookSignatureFailures',
      this.business('WebhookSignatureFailures', 'Sum'),
      ALARM_THRESHOLDS.webhookSignatureFailures,
      'Stripe webhook deliveries failed signature verification',
    );
    this.alarm(
      'WebhookFailures',
      this.business('WebhookFailures', 'Sum'),
      ALARM_THRESHOLDS.webhookFailures,
      'Stripe webhook deliveries answered with an error (Stripe retries them)',
    );
    this.alarm(
      'TasksRefunded',
      this.business('TasksRefunded', 'Sum', Duration.hours(1)),
      ALARM_THRESHOLDS.tasksRefundedPerHour,
      'Many avatar tasks failed and were refunded in the last hour',
    );
    this.alarm(
      'ProviderLatency',
      this.business('ProviderLatency', 'p90', Duration.minutes(15)),
      ALARM_THRESHOLDS.providerLatencyP90Ms,
      'The AI provider is slow (p90 over 15 minutes)',
    );
    const likenessRefundShare = new MathExpression({
      expression: `IF(scored >= ${ALARM_THRESHOLDS.likenessRefundMinScored}, 100 * refunds / scored, 0)`,
      usingMetrics: {
        scored: this.business('LikenessScored', 'Sum', Duration.hours(1)),
        refunds: this.business('LikenessRefunds', 'Sum', Duration.hours(1)),
      },
      label: 'Likeness refunds (% of avatars measured)',
      period: Duration.hours(1),
    });
    this.alarm(
      'LikenessRefundShare',
      likenessRefundShare,
      ALARM_THRESHOLDS.likenessRefundPercent,
      'Too many avatars did not look like their user (likeness guarantee refunds over an hour)',
    );
    this.alarm(
      'MalformedItems',
      this.business('MalformedItems', 'Sum', Duration.hours(1)),
      ALARM_THRESHOLDS.malformedItems,
      'Stored items were skipped because they did not match their shape',
    );
    this.alarm(
      'AccountLikenessRefundShare',
      this.business('AccountLikenessRefundShare', 'Maximum', Duration.hours(1)),
      ALARM_THRESHOLDS.accountLikenessRefundPercent,
      'One account had most of its avatars refunded by the likeness guarantee today (refund farming?)',
    );
    this.alarm(
      'ProviderBudget',
      this.business('ProviderBudgetUsedPercent', 'Maximum'),
      ALARM_THRESHOLDS.providerBudgetPercent,
      "80% of today's provider-call cap is used",
    );

    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# Aivatar ${props.stage}\nRunbook per alarm: docs/operations.md, "Alarms".`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      this.graph('Avatar tasks', ['TasksCreated', 'TasksDone', 'TasksFailed', 'TasksRefunded']),
      this.graph('Tokens sold', ['TokensSold']),
      this.graph('Webhook', ['WebhookFailures', 'WebhookSignatureFailures']),
    );
    this.dashboard.addWidgets(
      this.graph('Provider calls', ['ProviderCalls', 'ProviderCallsRefused']),
      new GraphWidget({
        title: 'Provider latency (p50, p90)',
        left: [this.business('ProviderLatency', 'p50'), this.business('ProviderLatency', 'p90')],
        width: 8,
      }),
      new GraphWidget({
        title: 'Provider budget used today (%)',
        left: [this.business('ProviderBudgetUsedPercent', 'Maximum')],
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'API requests and errors',
        left: [requests, apiMetric('4xx'), errors5xx],
        width: 8,
      }),
      new GraphWidget({
        title: 'API 5xx (%) and throttled',
        left: [api5xxRate],
        right: [throttled],
        width: 8,
      }),
      new GraphWidget({
        title: 'Function errors',
        left: [...props.functions.entries()].map(([g, fn]) => fn.metricErrors({ label: g })),
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Likeness (average score, p10)',
        left: [this.business('LikenessScore', 'Average'), this.business('LikenessScore', 'p10')],
        width: 12,
      }),
      new GraphWidget({
        title: 'Likeness guarantee refunds',
        left: [this.business('LikenessRefunds', 'Sum')],
        right: [likenessRefundShare, this.business('AccountLikenessRefundShare', 'Maximum')],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      this.graph('Privacy', ['AccountsDeleted', 'DataExports']),
      new AlarmStatusWidget({ title: 'Alarms', alarms: [...this.alarms.values()], width: 16 }),
    );
  }

  /**
   * The generation worker and its dead-letter queue (from the generation branch): DLQ not empty and the
   * worker's error rate. Call it where the stack creates them.
   */
  watchTaskWorker(worker: IFunction, deadLetterQueue: IQueue): void {
    const dlq = deadLetterQueue.metricApproximateNumberOfMessagesVisible({
      statistic: 'Maximum',
      period: Duration.minutes(5),
    });
    this.alarm('DeadLetterQueue', dlq, 1, 'Task messages reached the dead-letter queue');
    const errorRate = new MathExpression({
      expression: 'IF(invocations > 0, 100 * errors / invocations, 0)',
      usingMetrics: {
        invocations: worker.metricInvocations({ period: Duration.minutes(15) }),
        errors: worker.metricErrors({ period: Duration.minutes(15) }),
      },
      label: 'Worker errors (% of invocations)',
      period: Duration.minutes(15),
    });
    this.alarm(
      'WorkerErrorRate',
      errorRate,
      ALARM_THRESHOLDS.workerErrorPercent,
      'The task worker fails too often',
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Task worker', left: [errorRate], right: [dlq], width: 24 }),
    );
  }

  /**
   * The privacy job function and its dead-letter queue: a job message that failed every delivery, a run that
   * failed, or a job given up by the sweep (an account may be left half-deleted: docs/operations.md).
   */
  watchPrivacyJobs(fn: IFunction, deadLetterQueue: IQueue): void {
    const dlq = deadLetterQueue.metricApproximateNumberOfMessagesVisible({
      statistic: 'Maximum',
      period: Duration.minutes(5),
    });
    this.alarm('PrivacyJobDeadLetters', dlq, 1, 'Privacy job messages reached their dead-letter queue');
    const errors = fn.metricErrors({ period: Duration.minutes(15) });
    this.alarm(
      'PrivacyJobErrors',
      errors,
      ALARM_THRESHOLDS.privacyJobErrors,
      'Privacy job runs failed (their jobs resume: see whether they keep failing)',
    );
    const failed = this.business('PrivacyJobsFailed', 'Sum');
    this.alarm('PrivacyJobsFailed', failed, 1, 'A privacy job was given up after many re-sends');
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Privacy jobs', left: [errors, failed], right: [dlq], width: 24 }),
    );
  }

  private business(name: BusinessMetric, statistic: string, period = Duration.minutes(5)): Metric {
    return new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: name,
      dimensionsMap: { Stage: this.stage },
      statistic,
      period,
    });
  }

  private graph(title: string, names: BusinessMetric[]): GraphWidget {
    return new GraphWidget({ title, left: names.map((n) => this.business(n, 'Sum')), width: 8 });
  }

  /** An alarm at `threshold` or more, over one period, sent to the topic (and its return to OK too). */
  alarm(id: string, metric: IMetric, threshold: number, description: string): Alarm {
    const alarm = new Alarm(this, id, {
      alarmName: `Aivatar-${this.stage}-${id}`,
      alarmDescription: `${description}. Runbook: docs/operations.md, Alarms, ${id}.`,
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.set(id, alarm);
    return alarm;
  }
}
