// A ZIP archive of files stored as they are (method 0): avatars are already compressed images, so
// deflating them again would cost time for nothing. Enough of the format for every unzip tool: local
// headers, the central directory and its end record, UTF-8 names, CRC-32 from zlib. Stored entries with
// their sizes known up front need no data descriptor, so the archive's exact length is known before a byte
// of it is read (zipLength), and it can be written as a stream, one file in memory at a time (zipStream).
import { crc32 } from 'node:zlib';

interface ArchiveEntry {
  name: string;
  bytes: Uint8Array;
  /** Unix seconds */
  modifiedAt: number;
}

/** An entry whose bytes are read only when the stream reaches it. */
export interface LazyArchiveEntry {
  name: string;
  /** bytes, as stored (known before reading) */
  size: number;
  /** Unix seconds */
  modifiedAt: number;
  read: () => Promise<Uint8Array>;
}

const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;

function dosTime(unixSeconds: number): { time: number; date: number } {
  const d = new Date(unixSeconds * 1000);
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((Math.max(1980, d.getUTCFullYear()) - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/** One entry's local header and central directory record (each followed by the name). */
function headers(name: Buffer, bytes: Uint8Array, modifiedAt: number, offset: number) {
  const crc = crc32(bytes);
  const { time, date } = dosTime(modifiedAt);
  const local = Buffer.alloc(LOCAL_HEADER);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(0x0800, 6); // UTF-8 names
  local.writeUInt16LE(0, 8); // stored
  local.writeUInt16LE(time, 10);
  local.writeUInt16LE(date, 12);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(bytes.length, 18);
  local.writeUInt32LE(bytes.length, 22);
  local.writeUInt16LE(name.length, 26);
  local.writeUInt16LE(0, 28);
  const dir = Buffer.alloc(CENTRAL_HEADER);
  dir.writeUInt32LE(0x02014b50, 0);
  dir.writeUInt16LE(20, 4); // made by
  dir.writeUInt16LE(20, 6);
  dir.writeUInt16LE(0x0800, 8);
  dir.writeUInt16LE(0, 10);
  dir.writeUInt16LE(time, 12);
  dir.writeUInt16LE(date, 14);
  dir.writeUInt32LE(crc, 16);
  dir.writeUInt32LE(bytes.length, 20);
  dir.writeUInt32LE(bytes.length, 24);
  dir.writeUInt16LE(name.length, 28);
  dir.writeUInt32LE(offset, 42);
  return { local, dir };
}

function endRecord(count: number, dirSize: number, dirOffset: number): Buffer {
  const end = Buffer.alloc(END_RECORD);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(dirSize, 12);
  end.writeUInt32LE(dirOffset, 16);
  return end;
}

/** The exact length of the archive of these entries, from their names and sizes alone. */
export function zipLength(entries: readonly { name: string; size: number }[]): number {
  return entries.reduce(
    (total, e) => total + LOCAL_HEADER + CENTRAL_HEADER + 2 * Buffer.byteLength(e.name, 'utf8') + e.size,
    END_RECORD,
  );
}

/**
 * The archive, chunk by chunk: each entry is read when the stream reaches it, and only its bytes (and the
 * central directory's small records) are held at a time. An entry whose bytes are not its announced size
 * fails the stream, since the length announced for the whole archive would be wrong.
 */
export async function* zipStream(entries: readonly LazyArchiveEntry[]): AsyncGenerator<Uint8Array> {
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const bytes = await e.read();
    if (bytes.length !== e.size)
      throw new Error(`ZIP entry ${e.name}: ${bytes.length} bytes read, ${e.size} announced`);
    const name = Buffer.from(e.name, 'utf8');
    const { local, dir } = headers(name, bytes, e.modifiedAt, offset);
    yield Buffer.concat([local, name]);
    yield bytes;
    central.push(dir, name);
    offset += local.length + name.length + bytes.length;
  }
  const directory = Buffer.concat(central);
  yield Buffer.concat([directory, endRecord(entries.length, directory.length, offset)]);
}

/** The whole archive in memory: for small archives whose files are all at hand. */
export function zipArchive(entries: readonly ArchiveEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const { local, dir } = headers(name, e.bytes, e.modifiedAt, offset);
    parts.push(local, name, Buffer.from(e.bytes.buffer, e.bytes.byteOffset, e.bytes.byteLength));
    central.push(dir, name);
    offset += local.length + name.length + e.bytes.length;
  }
  const directory = Buffer.concat(central);
  return Buffer.concat([...parts, directory, endRecord(entries.length, directory.length, offset)]);
}
