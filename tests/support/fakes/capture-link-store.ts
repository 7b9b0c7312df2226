// Capture links in memory, with the rules of functions/photos/dynamodb/capture-link-store.ts: one link per
// account (a put replaces it), a lookup by code hash that outlives a replaced link, and every write conditioned
// on the link still carrying that code hash. The photo counter moves only within [0, max], each call decided
// with no await in between, as the conditional updates decide them.
import type {
  CaptureLinkEnd,
  CaptureLinkRecord,
  CaptureLinkStore,
} from '../../../functions/photos/domain/ports.ts';
import { conditionFailed } from './conditions.ts';

export class FakeCaptureLinkStore implements CaptureLinkStore {
  private readonly links = new Map<string, CaptureLinkRecord>();
  private readonly codes = new Map<string, string>();

  async put(link: CaptureLinkRecord, _keepUntil: number): Promise<void> {
    if (this.codes.has(link.codeHash)) throw conditionFailed(`capture code ${link.codeHash}`);
    this.codes.set(link.codeHash, link.userId);
    this.links.set(link.userId, { ...link });
  }

  async current(userId: string): Promise<CaptureLinkRecord | null> {
    const link = this.links.get(userId);
    return link ? { ...link } : null;
  }

  async ownerOf(codeHash: string): Promise<string | null> {
    return this.codes.get(codeHash) ?? null;
  }

  private linkOf(userId: string, codeHash: string): CaptureLinkRecord | null {
    const link = this.links.get(userId);
    return link && link.codeHash === codeHash ? link : null;
  }

  async bindDevice(userId: string, codeHash: string, deviceHash: string): Promise<'bound' | 'taken'> {
    const link = this.linkOf(userId, codeHash);
    if (!link || link.deviceHash) return 'taken';
    link.deviceHash = deviceHash;
    return 'bound';
  }

  async end(userId: string, codeHash: string, reason: CaptureLinkEnd): Promise<boolean> {
    const link = this.linkOf(userId, codeHash);
    if (!link || link.ended) return false;
    link.ended = reason;
    return true;
  }

  async reserve(userId: string, codeHash: string, wanted: number, max: number, now: number): Promise<number> {
    const link = this.linkOf(userId, codeHash);
    if (!link || link.ended || link.expiresAt <= now) return 0;
    const count = Math.max(0, Math.min(wanted, max - link.photosAdded));
    link.photosAdded += count;
    return count;
  }

  async release(userId: string, codeHash: string, count: number): Promise<void> {
    const link = this.linkOf(userId, codeHash);
    if (!link || count <= 0 || link.photosAdded < count) return;
    link.photosAdded -= count;
  }
}
