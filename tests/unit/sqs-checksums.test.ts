import { describe, expect, it } from 'vitest';
import { md5Hex, md5OfAttributes } from '../../infra/local/sqs/md5.ts';

// Published values for these attribute sets (AWS's documentation example and two other implementations
// checked against SQS); the stand-in must agree with each, or the SDKs that verify them would refuse it.
describe('SQS message checksums', () => {
  it('digest the body as MD5 of its UTF-8 bytes', () => {
    expect(md5Hex(Buffer.from('', 'utf8'))).toBe('d41d8cd98f00b204e9800998ecf8427e');
  });

  it('digest message attributes the way SQS does', () => {
    expect(md5OfAttributes({ SellerName: { DataType: 'String', StringValue: 'Example Store' } })).toBe(
      'cd28f3b68aeee4b2eac9c66f2f694b58',
    );
    expect(md5OfAttributes({ timestamp: { DataType: 'Number', StringValue: '1493147359900' } })).toBe(
      '235c5c510d26fb653d073faed50ae77c',
    );
    // Two attributes: sorted by name before hashing, whatever order they were given in.
    expect(
      md5OfAttributes({
        ordinal: { DataType: 'Number', StringValue: '1' },
        category: { DataType: 'String', StringValue: 'test' },
      }),
    ).toBe('d21ae90c49061e927f57df5f5d72be1f');
  });

  it('mark binary values with their own transport byte', () => {
    const asString = md5OfAttributes({ a: { DataType: 'Binary', StringValue: 'AQI=' } });
    const asBinary = md5OfAttributes({ a: { DataType: 'Binary', BinaryValue: Buffer.from([1, 2]) } });
    expect(asBinary).not.toBe(asString);
    expect(asBinary).toMatch(/^[0-9a-f]{32}$/);
  });
});
