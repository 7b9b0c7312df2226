// Logs through Powertools for AWS Lambda's Logger: one JSON line per event, which CloudWatch Logs Insights
// queries by correlation id. Each unit of work (an API request, a queue message) gets a child logger that
// carries its context (correlation_id, group, route, userId, taskId...), kept in an AsyncLocalStorage: the
// records of a worker batch run side by side in one invocation, and the local API serves requests side by
// side in one process, so a context on the function's one logger would leak from one unit to the next.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { Logger, LogLevel } from '@aws-lambda-powertools/logger';
import type { LogLevel as LogLevelName } from '@aws-lambda-powertools/logger/types';
import type { Log } from '../domain/ports.ts';
import { withoutPersonalData } from './personal-data.ts';

/** LOG_LEVEL: trace, debug, info (default), warn, error, critical or silent (the tests). */
function levelFromEnv(): LogLevelName | undefined {
  const wanted = process.env.LOG_LEVEL?.toUpperCase();
  return Object.values(LogLevel).find((l) => l === wanted);
}

/** The function's own logger: the Lambda context goes on it (injectLambdaContext), units inherit it. */
export const functionLogger = new Logger({
  serviceName: 'aivatar',
  logLevel: levelFromEnv(),
  jsonReplacerFn: withoutPersonalData,
});

const units = new AsyncLocalStorage<Logger>();

/** The logger of the current unit of work, or the function's own outside one (start-up, a sweep). */
export const logger = (): Logger => units.getStore() ?? functionLogger;

/**
 * Runs one unit of work with its own logger: `correlationId` (the API request's id, or the one a queue
 * message carries) and `keys` go on every line it writes, and on no other unit's lines.
 */
export function withLogContext<T>(correlationId: string, keys: Record<string, unknown>, work: () => T): T {
  const child = logger().createChild({ persistentKeys: keys });
  child.setCorrelationId(correlationId);
  return units.run(child, work);
}

/** Adds keys (userId once the session is known, stripeEventId...) to the current unit's lines. */
export function addLogContext(keys: Record<string, unknown>): void {
  units.getStore()?.appendKeys(keys);
}

/** The current unit's correlation id: put it on messages sent on (the task queue) to follow them. */
export function currentCorrelationId(): string | undefined {
  const id = units.getStore()?.getCorrelationId();
  return typeof id === 'string' ? id : undefined;
}

/** A fresh id for work that did not come with one (a scheduled sweep, a message without the attribute). */
export const newCorrelationId = (): string => randomUUID();

/** The domain's Log port, written to the current unit's logger. */
export const domainLog: Log = (level, message, fields = {}) => logger()[level](message, fields);
