import { afterEach, describe, expect, it, vi } from 'vitest';
import { createS3Client } from '#platform/s3/client.ts';
import { S3ResultFiles } from '../../functions/generation/s3/result-files.ts';
import { S3PhotoFiles } from '../../functions/photos/s3/photo-files.ts';

// Signing a URL is local work (no request reaches the endpoint), so the real client is used as it is.
const s3 = createS3Client('http://127.0.0.1:9');
const USER = 'user-1';
const PHOTO = 'selfie_0123456789abcdef.jpg';
const RESULT = 'studio-headshot_176300000099-0123456789ab.png';
const EXPIRES = 600;

const adapters = [
  ['photos', (expires: number) => new S3PhotoFiles(s3, 'media').viewUrls(USER, PHOTO, expires)],
  ['avatars', (expires: number) => new S3ResultFiles(s3, 'media').viewUrls(USER, RESULT, expires)],
] as const;

const at = (iso: string) => vi.setSystemTime(new Date(iso));
const expiresIn = (url: string) => Number(new URL(url).searchParams.get('X-Amz-Expires'));
const signedAt = (url: string) => new URL(url).searchParams.get('X-Amz-Date');

afterEach(() => {
  vi.useRealTimers();
});

describe.each(adapters)('The %s list answers image URLs the browser can cache', (_, viewUrls) => {
  it('gives the same URLs to calls minutes apart, each valid at least as long as asked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-11-20T10:00:10Z');
    const first = await viewUrls(EXPIRES);
    at('2026-11-20T10:04:50Z');
    const again = await viewUrls(EXPIRES);
    expect(again).toEqual(first);
    expect(first.url).not.toBe(first.thumbnailUrl);
    // Signed at the window's start, so it must outlive the asked time counted from the last call too.
    expect(signedAt(first.url)).toBe('20261120T100000Z');
    expect(expiresIn(first.url)).toBeGreaterThanOrEqual(EXPIRES + 290);
  });

  it('signs anew in the next window, and for another lifetime', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-11-20T10:04:59Z');
    const before = await viewUrls(EXPIRES);
    const longer = await viewUrls(EXPIRES * 2);
    at('2026-11-20T10:05:00Z');
    const after = await viewUrls(EXPIRES);
    expect(after.url).not.toBe(before.url);
    expect(signedAt(after.url)).toBe('20261120T100500Z');
    expect(longer.url).not.toBe(before.url);
    expect(expiresIn(longer.url)).toBeGreaterThanOrEqual(EXPIRES * 2);
  });
});

// One adapter per container: what it signed is kept for the window (a gallery of 200 asks for 200 pairs).
const kept = [
  ['photos', new S3PhotoFiles(s3, 'media'), PHOTO],
  ['avatars', new S3ResultFiles(s3, 'media'), RESULT],
] as const;

describe.each(kept)('The %s adapter kept for the container', (_, files, name) => {
  it('answers the window’s URLs again, then the next window’s and another lifetime’s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-11-20T11:00:10Z');
    const first = await files.viewUrls(USER, name, EXPIRES);
    at('2026-11-20T11:04:59Z');
    expect(await files.viewUrls(USER, name, EXPIRES)).toEqual(first);
    const longer = await files.viewUrls(USER, name, EXPIRES * 2);
    expect(expiresIn(longer.url)).toBeGreaterThanOrEqual(EXPIRES * 2 + 290);
    expect(expiresIn(first.url)).toBeLessThan(EXPIRES * 2);
    at('2026-11-20T11:05:00Z');
    const next = await files.viewUrls(USER, name, EXPIRES);
    expect(signedAt(next.url)).toBe('20261120T110500Z');
    expect(signedAt(next.thumbnailUrl)).toBe('20261120T110500Z');
    expect(next.thumbnailUrl).not.toBe(next.url);
    // Another user's same name is another object.
    expect((await files.viewUrls('user-2', name, EXPIRES)).url).not.toBe(next.url);
  });
});
