// The X-Ray tracer of the functions traced (the API groups and the avatar worker; infra gives them
// Tracing.ACTIVE). Created at start, so the calls the function makes (DynamoDB, S3, SQS, OpenAI, Stripe: all
// HTTPS) become subsegments.
//
// Powertools' Tracer sits on the X-Ray SDK, whose automatic mode (cls-hooked) puts an async hook on every
// promise of the process from the moment it is imported: promise-heavy code measured 20-25x slower with it
// merely loaded. So it is loaded only where it can trace: in Lambda (AWS_EXECUTION_ENV set) and unless
// POWERTOOLS_TRACE_ENABLED=false, the conditions under which the Tracer turns itself on. The local stack and
// the tests never load it; their handlers run the same middlewares without the tracing one.
import type { Tracer } from '@aws-lambda-powertools/tracer';

export const tracingWanted = (env: NodeJS.ProcessEnv = process.env): boolean =>
  Boolean(env.AWS_EXECUTION_ENV) && env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false';

async function loadTracer(): Promise<Tracer> {
  const { Tracer } = await import('@aws-lambda-powertools/tracer');
  return new Tracer({ serviceName: 'aivatar' });
}

export const tracer: Tracer | undefined = tracingWanted() ? await loadTracer() : undefined;
