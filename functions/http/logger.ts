// One JSON line per event, so CloudWatch Logs Insights can query by correlation id. Every line written
// while a request, a queue message or a webhook delivery is handled carries that unit of work's context
// (correlationId, group, userId, taskId...), kept in an AsyncLocalStorage: callers never pass it around.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

type Level = 'info' | 'warn' | 'error';

export interface LogContext {
  correlationId: string;
  [field: string]: unknown;
}

const contexts = new AsyncLocalStorage<LogContext>();

/** Biometric data (a face's descriptor) never reaches a log line, whatever object carried it there. */
const BIOMETRIC_KEYS = new Set(['descriptor']);
const withoutBiometrics = (key: string, value: unknown) =>
  BIOMETRIC_KEYS.has(key) ? '[biometric data removed]' : value;

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (process.env.LOG_LEVEL === 'silent') return;
  const line = JSON.stringify(
    {
      level,
      message,
      time: new Date().toISOString(),
      ...contexts.getStore(),
      ...fields,
    },
    withoutBiometrics,
  );
  if (level === 'error') console.error(line);
  else console.log(line);
}

/**
 * Runs one unit of work (an API request, an SQS message, a webhook delivery) with its log context. The
 * worker calls it per message with the correlation id the API put on the task message, so the API's line
 * "batch created" and the worker's "task done" share one id.
 */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return contexts.run({ ...context }, work);
}

/** Adds fields (userId once the session is known, taskId...) to the current unit of work's lines. */
export function addLogContext(fields: Record<string, unknown>): void {
  const store = contexts.getStore();
  if (store) Object.assign(store, fields);
}

/** The current unit of work's context (empty outside one). */
export const currentLogContext = (): Partial<LogContext> => ({ ...contexts.getStore() });

/** The current unit of work's correlation id: put it on messages sent on (the task queue) to follow them. */
export function currentCorrelationId(): string | undefined {
  return contexts.getStore()?.correlationId;
}

/** A fresh id for work that did not come with one (a scheduled sweep, a message without the attribute). */
export const newCorrelationId = (): string => randomUUID();
