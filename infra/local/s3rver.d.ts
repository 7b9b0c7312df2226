// s3rver ships no types; this is the part of its API the local stack uses.
declare module 's3rver' {
  interface S3rverOptions {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  /** The file store behind the server (node_modules/s3rver/lib/stores/filesystem.js). */
  interface S3rverObject {
    bucket: string;
    key: string;
    [field: string]: unknown;
  }
  interface FilesystemStore {
    putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
    getResourcePath(bucket: string, key: string, resource: string): string;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    store: FilesystemStore;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
