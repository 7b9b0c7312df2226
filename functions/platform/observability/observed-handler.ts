// Every Lambda entry goes through here: Powertools' middy middlewares put the Lambda context on the logger
// (injectLambdaContext), flush the invocation's business metrics (logMetrics) and, for the API groups and
// the avatar worker, trace the invocation in X-Ray (captureLambdaHandler). Tracing is on only in Lambda with
// active tracing: outside Lambda (the local stack, the tests) Powertools' Tracer turns itself off, and
// POWERTOOLS_TRACE_ENABLED=false turns it off anywhere.

import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { functionLogger } from './logger.ts';
import { functionMetrics } from './metrics.ts';

interface ObservedOptions {
  /** The function's tracer (tracer.ts), for the functions traced in X-Ray. */
  tracer?: Tracer;
}

export function observedHandler<E, R>(
  handler: (event: E, context: Context) => Promise<R>,
  options: ObservedOptions = {},
): (event: E, context: Context) => Promise<R> {
  const observed = middy<E, R>({ timeoutEarlyInMillis: 0 });
  // Responses stay out of the traces: they carry personal data (the account page, signed URLs).
  if (options.tracer) observed.use(captureLambdaHandler(options.tracer, { captureResponse: false }));
  return observed
    .use(injectLambdaContext(functionLogger, { resetKeys: true }))
    .use(logMetrics(functionMetrics))
    .handler(handler);
}
