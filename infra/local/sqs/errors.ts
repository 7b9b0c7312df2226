// SQS errors as the JSON protocol sends them: a `__type` naming the error shape, a message, and the
// `x-amzn-query-error` header (`<query code>;Sender`) that @aws-sdk/client-sqs reads to name the error.

export class SqsError extends Error {
  readonly type: string;
  readonly queryCode: string;
  readonly status: number;
  readonly senderFault: boolean;
  constructor(type: string, message: string, options: { queryCode?: string; status?: number } = {}) {
    super(message);
    this.name = type;
    this.type = type;
    this.queryCode = options.queryCode ?? type;
    this.status = options.status ?? 400;
    this.senderFault = this.status < 500;
  }
}

export const sqsErrors = {
  queueDoesNotExist: () =>
    new SqsError('QueueDoesNotExist', 'The specified queue does not exist.', {
      queryCode: 'AWS.SimpleQueueService.NonExistentQueue',
    }),
  queueNameExists: (name: string) =>
    new SqsError(
      'QueueNameExists',
      `A queue already exists with the same name and a different value for attribute(s): ${name}`,
      {
        queryCode: 'QueueAlreadyExists',
      },
    ),
  receiptHandleIsInvalid: (handle: string) =>
    new SqsError(
      'ReceiptHandleIsInvalid',
      `The input receipt handle "${handle}" is not a valid receipt handle.`,
      {
        status: 404,
      },
    ),
  messageNotInflight: () =>
    new SqsError(
      'MessageNotInflight',
      'Value for parameter ReceiptHandle is invalid. Reason: Message does not exist or is not available for visibility timeout change.',
      {
        queryCode: 'AWS.SimpleQueueService.MessageNotInflight',
      },
    ),
  invalidParameterValue: (message: string) =>
    new SqsError('InvalidParameterValueException', message, { queryCode: 'InvalidParameterValue' }),
  missingParameter: (name: string) =>
    new SqsError('MissingParameter', `The request must contain the parameter ${name}.`),
  invalidAttributeName: (name: string) => new SqsError('InvalidAttributeName', `Unknown Attribute ${name}.`),
  invalidAttributeValue: (message: string) => new SqsError('InvalidAttributeValue', message),
  invalidMessageContents: () =>
    new SqsError(
      'InvalidMessageContents',
      'Invalid characters found. Valid unicode characters are #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF',
    ),
  emptyBatchRequest: () =>
    new SqsError('EmptyBatchRequest', 'There should be at least one entry in the request.', {
      queryCode: 'AWS.SimpleQueueService.EmptyBatchRequest',
    }),
  tooManyEntries: (n: number) =>
    new SqsError(
      'TooManyEntriesInBatchRequest',
      `Maximum number of entries per request are 10. You have sent ${n}.`,
      {
        queryCode: 'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
      },
    ),
  batchEntryIdsNotDistinct: (id: string) =>
    new SqsError('BatchEntryIdsNotDistinct', `Id ${id} repeated.`, {
      queryCode: 'AWS.SimpleQueueService.BatchEntryIdsNotDistinct',
    }),
  invalidBatchEntryId: () =>
    new SqsError(
      'InvalidBatchEntryId',
      'A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.',
      {
        queryCode: 'AWS.SimpleQueueService.InvalidBatchEntryId',
      },
    ),
  batchRequestTooLong: (max: number) =>
    new SqsError('BatchRequestTooLong', `Batch requests cannot be longer than ${max} bytes.`, {
      queryCode: 'AWS.SimpleQueueService.BatchRequestTooLong',
    }),
  unsupportedOperation: (message: string) =>
    new SqsError('UnsupportedOperation', message, {
      queryCode: 'AWS.SimpleQueueService.UnsupportedOperation',
    }),
};
