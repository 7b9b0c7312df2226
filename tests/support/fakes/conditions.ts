// What a fake throws where DynamoDB throws a lost condition the adapter does not catch (a second put of the
// same key): the same error name, so code that looks at it (functions/platform/dynamodb/conditions.ts
// isConditionFailure) reads both alike.
export function conditionFailed(what: string): Error {
  const e = new Error(`The conditional request failed (${what})`);
  e.name = 'ConditionalCheckFailedException';
  return e;
}
