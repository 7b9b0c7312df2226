// Business metrics through Powertools for AWS Lambda's Metrics: CloudWatch Embedded Metric Format, written to
// stdout (no API call, no latency) and flushed by its logMetrics middleware at the end of each invocation
// (observed-handler.ts), one EMF line holding every value recorded. Namespace, names and the one dimension
// (Stage) are the ones the alarms and the dashboard read (infra/constructs/monitoring.ts).
import { MetricUnit, Metrics as PowertoolsMetrics } from '@aws-lambda-powertools/metrics';
import type { MetricUnit as MetricUnitName } from '@aws-lambda-powertools/metrics/types';
import { BUSINESS_METRICS, type BusinessMetric, METRICS_NAMESPACE, type Metrics } from '../domain/metrics.ts';
import { functionLogger } from './logger.ts';

const UNITS = {
  Count: MetricUnit.Count,
  Milliseconds: MetricUnit.Milliseconds,
  Percent: MetricUnit.Percent,
  None: MetricUnit.NoUnit,
} as const satisfies Record<(typeof BUSINESS_METRICS)[BusinessMetric], MetricUnitName>;

/** The function's metrics; logMetrics(functionMetrics) flushes them. */
export const functionMetrics = new PowertoolsMetrics({
  namespace: METRICS_NAMESPACE,
  // Its own warnings through our logger, errors only: a request that records no metric is the common case,
  // not worth the "No application metrics to publish" line it would otherwise write each time.
  logger: functionLogger.createChild({ logLevel: 'ERROR' }),
});
// Stage alone: the `service` dimension Powertools adds by default would make each one another metric,
// which the alarms would not see.
functionMetrics.clearDefaultDimensions();
functionMetrics.setDefaultDimensions({ Stage: process.env.STAGE ?? 'local' });

/** The domain's Metrics port. Never throws; LOG_LEVEL=silent (tests, benchmarks) writes nothing. */
export const businessMetrics: Metrics = {
  record(name, value = 1) {
    if (!Number.isFinite(value) || process.env.LOG_LEVEL === 'silent') return;
    try {
      functionMetrics.addMetric(name, UNITS[BUSINESS_METRICS[name]], value);
    } catch (e) {
      functionLogger.error('metric not recorded', { metric: name, error: e });
    }
  },
};
