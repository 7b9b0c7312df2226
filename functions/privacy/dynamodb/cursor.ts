// A query's LastEvaluatedKey as an opaque string a job keeps between pages. Cursors are made by the job
// itself, never taken from a request.
export const encodeCursor = (key: Record<string, unknown> | undefined): string | null =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;

export const decodeCursor = (cursor: string | null): Record<string, unknown> | undefined =>
  cursor ? (JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Record<string, unknown>) : undefined;
