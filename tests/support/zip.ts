// Reading a ZIP the server wrote: its entries' names (every archive the tests download), and their bytes for
// stored entries (method 0: the chosen headshots' archive).

/** The entries of a stored (method 0) ZIP: name and bytes, read from its central directory. */
export function zipEntries(zip: Buffer): { name: string; bytes: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  const entries = [];
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const size = zip.readUInt32LE(at + 20);
    const local = zip.readUInt32LE(at + 42);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({
      name: zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
      bytes: zip.subarray(data, data + size),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** The names in a ZIP's central directory, in order. */
export const zipNames = (zip: Buffer): string[] => zipEntries(zip).map((e) => e.name);
