// The X-Ray tracer of the functions traced (the API groups and the avatar worker; infra gives them
// Tracing.ACTIVE). Created at start, so the calls the function makes (DynamoDB, S3, SQS, OpenAI, Stripe: all
// HTTPS) become subsegments. It does nothing outside Lambda, or with POWERTOOLS_TRACE_ENABLED=false.
import { Tracer } from '@aws-lambda-powertools/tracer';

export const tracer = new Tracer({ serviceName: 'aivatar' });
