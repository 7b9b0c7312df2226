// "Download all" and "Download favourites" build their ZIP from the results' stored sizes first: a set over
// the size cap is refused before one file is read, and the archive is streamed to storage, each file read
// only when the stream reaches it (functions/generation/domain/result-archives.ts). Against an in-memory
// ResultFiles that counts its reads.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GALLERY_LIMITS } from '../../functions/generation/domain/gallery.ts';
import type { ArchiveUpload, ResultFiles } from '../../functions/generation/domain/ports.ts';
import { storeArchive } from '../../functions/generation/domain/result-archives.ts';
import type { TaskSummary } from '../../functions/generation/domain/tasks.ts';

const USER = 'user-1';
const SET = 'a'.repeat(40);

/** Result files in memory; reads are counted, and what the store held while each chunk arrived. */
class MemoryResults implements Pick<ResultFiles, 'resultBytes' | 'read' | 'saveArchive'> {
  readonly files = new Map<string, Uint8Array>();
  reads = 0;
  /** reads made by the time each chunk of the archive reached storage */
  readsAtChunk: number[] = [];
  stored: Uint8Array | null = null;
  announced = 0;

  async resultBytes(_userId: string, filename: string) {
    return this.files.get(filename)?.length ?? null;
  }

  async read(_userId: string, filename: string) {
    this.reads++;
    const bytes = this.files.get(filename);
    return bytes ? { bytes, contentType: 'image/png' } : null;
  }

  async saveArchive(_userId: string, _setId: string, archive: ArchiveUpload) {
    this.announced = archive.length;
    const chunks: Uint8Array[] = [];
    for await (const chunk of archive.chunks) {
      this.readsAtChunk.push(this.reads);
      chunks.push(chunk);
    }
    this.stored = Buffer.concat(chunks);
  }
}

const resultName = (i: number) =>
  `portrait_${String(1_790_000_000 + i).padStart(12, '0')}-${'b'.repeat(12)}.png`;

function resultsOf(sizes: number[]): { results: MemoryResults; done: TaskSummary[] } {
  const results = new MemoryResults();
  const done = sizes.map((size, i) => {
    results.files.set(resultName(i), new Uint8Array(size).fill(i + 1));
    return {
      id: `t${i}`,
      status: 'DONE',
      resultFile: resultName(i),
      updatedAt: 1_790_000_000,
    } as TaskSummary;
  });
  return { results, done };
}

describe('the ZIP of every avatar', () => {
  it('over the size cap, is refused from the stored sizes before any file is read', async () => {
    const third = Math.floor(GALLERY_LIMITS.maxArchiveBytes / 3) + 1;
    // Sizes only: the files themselves are small, the sizes the store reports are what count.
    const results = new MemoryResults();
    results.resultBytes = async () => third;
    const done = [0, 1, 2].map(
      (i) => ({ id: `t${i}`, status: 'DONE', resultFile: resultName(i), updatedAt: 1 }) as TaskSummary,
    );
    await expect(storeArchive(results, USER, SET, 'all', done)).rejects.toMatchObject({
      code: 'ARCHIVE_TOO_LARGE',
      message: expect.stringContaining('too large for one download'),
    });
    expect(results.reads).toBe(0);
    expect(results.stored).toBeNull();
  });

  it('is streamed to storage with its exact length, each file read only when the stream reaches it', async () => {
    const { results, done } = resultsOf([10, 70_000, 5, 2_000]);
    await storeArchive(results, USER, SET, 'all', done);
    // One file read per entry, and never ahead of the stream: when the first chunk (the first file's
    // header) reached storage, one file had been read, not four.
    expect(results.reads).toBe(4);
    expect(results.readsAtChunk[0]).toBe(1);
    expect(results.readsAtChunk).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 4]);
    expect(results.stored?.length).toBe(results.announced);

    const dir = mkdtempSync(join(tmpdir(), 'zip-'));
    writeFileSync(join(dir, 'all.zip'), results.stored as Uint8Array);
    const listing = execFileSync('python3', [
      '-c',
      'import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); print(z.testzip()); print([(i.filename,i.file_size) for i in z.infolist()])',
      join(dir, 'all.zip'),
    ]).toString();
    expect(listing).toContain('None');
    expect(listing).toContain("('portrait.png', 10), ('portrait-2.png', 70000), ('portrait-3.png', 5)");
  });

  it('leaves out a result gone from storage, and says so when one changes while it streams', async () => {
    const { results, done } = resultsOf([10, 20, 30]);
    results.files.delete(resultName(1));
    await storeArchive(results, USER, SET, 'all', done);
    expect(results.reads).toBe(2);

    const changing = resultsOf([10, 20]);
    const read = changing.results.read.bind(changing.results);
    changing.results.read = async (userId, filename) => {
      changing.results.files.delete(filename);
      return read(userId, filename);
    };
    await expect(storeArchive(changing.results, USER, SET, 'all', changing.done)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Your avatars changed while the download was being prepared. Please download again.',
    });
  });
});
