// The checksums SQS returns with every sent and received message. The SDK recomputes MD5OfMessageBody
// and rejects a mismatch; the attribute digests follow AWS's documented encoding: for each attribute,
// sorted by name, the name, the data type, a transport byte (1 string, 2 binary) and the value, each
// string or value prefixed with its length as a 4-byte big-endian integer.
import { createHash } from 'node:crypto';

export interface AttributeValue {
  DataType: string;
  StringValue?: string;
  /** raw bytes (base64 on the wire) */
  BinaryValue?: Buffer;
}

export const md5Hex = (data: string | Buffer): string => createHash('md5').update(data).digest('hex');

function lengthPrefixed(bytes: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

export function md5OfAttributes(attributes: Record<string, AttributeValue>): string {
  const hash = createHash('md5');
  // Names compare by code unit, as Java's String.compareTo does in the AWS SDKs.
  for (const name of Object.keys(attributes).sort()) {
    const value = attributes[name] as AttributeValue;
    hash.update(lengthPrefixed(Buffer.from(name, 'utf8')));
    hash.update(lengthPrefixed(Buffer.from(value.DataType, 'utf8')));
    if (value.BinaryValue !== undefined) {
      hash.update(Buffer.from([2]));
      hash.update(lengthPrefixed(value.BinaryValue));
    } else {
      hash.update(Buffer.from([1]));
      hash.update(lengthPrefixed(Buffer.from(value.StringValue ?? '', 'utf8')));
    }
  }
  return hash.digest('hex');
}
