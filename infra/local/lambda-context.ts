// The Context Lambda hands a handler, for the local stand-ins that invoke our functions (the API gateway,
// the SQS event source, the schedules): the handlers' middlewares read it as they would in Lambda.
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

export function lambdaContext(
  functionName: string,
  o: { region?: string; deadline?: number; requestId?: string } = {},
): Context {
  const deadline = o.deadline ?? Date.now() + 30_000;
  const region = o.region ?? 'local';
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: o.requestId ?? randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
