// Files of the local data folder that must survive a kill -9 whole: written to a temporary name, flushed
// to disk, then renamed over the old one (a rename is atomic), so a reader finds the old file or the new
// one, never half of either.
import { closeSync, fsyncSync, openSync, renameSync, writeFileSync } from 'node:fs';
import { open, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const tempName = (file: string) => `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;

/** Temporary files a killed writer may have left: `<name>.<pid>.<time>.tmp`. */
export const LEFTOVER_TEMP = /\.\d+\.[0-9a-z]+\.tmp$/;

function syncDirectory(dir: string): void {
  // The rename itself lives in the directory: flush it too (not possible on every platform).
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {}
}

export function writeFileDurablySync(file: string, data: string, mode = 0o644): void {
  const temp = tempName(file);
  writeFileSync(temp, data, { mode });
  const fd = openSync(temp, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  syncDirectory(dirname(file));
}

export async function writeFileDurably(file: string, data: string, mode = 0o644): Promise<void> {
  const temp = tempName(file);
  await writeFile(temp, data, { mode });
  const handle = await open(temp, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
  syncDirectory(dirname(file));
}
