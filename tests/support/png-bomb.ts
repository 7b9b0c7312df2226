// A decompression bomb, made on the fly: a valid PNG whose header claims a huge picture and whose pixel data
// is zero rows compressed with zlib. A 16383 x 16383 one-bit greyscale one is about 32 KB on the wire and
// 268 million pixels once decoded (docs/operations.md, "Images from users").
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A one-bit greyscale PNG of `width` x `height` black pixels, its rows compressed at zlib's best. */
export function pngBomb(width = 16383, height = 16383): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // colour type: greyscale
  // compression, filter and interlace methods: 0
  // Each row: its filter byte (0, none), then one bit a pixel.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
