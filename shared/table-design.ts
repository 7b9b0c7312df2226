// The one DynamoDB table, described once for the CDK stack, the local stand-in and the functions' keys.
export const TABLE_DESIGN = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expires_at',
  globalIndexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
} as const;

/** Buckets the product stores files in; locally they are created on the S3-compatible server. */
export const BUCKETS = { media: 'media' } as const;
