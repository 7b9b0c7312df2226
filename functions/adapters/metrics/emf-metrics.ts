// Business metrics as CloudWatch Embedded Metric Format: one JSON log line per value, which CloudWatch
// Logs turns into a metric (namespace Aivatar, dimension Stage) with no API call and no extra latency.
// The line also carries the log context (correlation id, user), so a spike leads to the requests behind it.
import {
  BUSINESS_METRICS,
  type BusinessMetric,
  METRICS_NAMESPACE,
  type Metrics,
} from '../../domain/metrics.ts';
import { currentLogContext } from '../../http/logger.ts';

export interface EmfLine {
  _aws: {
    Timestamp: number;
    CloudWatchMetrics: {
      Namespace: string;
      Dimensions: string[][];
      Metrics: { Name: string; Unit: string }[];
    }[];
  };
  Stage: string;
  [field: string]: unknown;
}

export function emfLine(stage: string, name: BusinessMetric, value: number, at = Date.now()): EmfLine {
  return {
    ...currentLogContext(),
    _aws: {
      Timestamp: at,
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [['Stage']],
          Metrics: [{ Name: name, Unit: BUSINESS_METRICS[name] }],
        },
      ],
    },
    Stage: stage,
    [name]: value,
  };
}

/** Writes to stdout, which Lambda sends to the function's log group (where EMF is read). */
const toStdout = (line: string): void => {
  if (process.env.LOG_LEVEL !== 'silent') console.log(line);
};

export function emfMetrics(stage: string, write: (line: string) => void = toStdout): Metrics {
  return {
    record(name, value = 1) {
      if (!Number.isFinite(value)) return;
      write(JSON.stringify(emfLine(stage, name, value)));
    },
  };
}

/** The metrics of a function, from its STAGE setting (every function has one). */
export const stageMetrics = (): Metrics => emfMetrics(process.env.STAGE ?? 'local');
