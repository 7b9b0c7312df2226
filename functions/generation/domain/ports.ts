// Where finished avatars live and how their pictures are made: the media bucket (adapters/s3/result-files.ts)
// and sharp (adapters/images/result-images.ts).
import type { SizedPreset } from '#shared/result-presets.ts';
import type { BackdropId, OutfitId } from '#shared/style-choices.ts';
import type { RelativeBox } from '../../photos/public.ts';
import type { ImageType } from './image-provider.ts';

/** An archive to store, as a stream of chunks of a length known up front (zip-archive.ts, zipLength). */
export interface ArchiveUpload {
  length: number;
  chunks: AsyncIterable<Uint8Array>;
}

export interface ResultFiles {
  /** The avatar and its thumbnail, under the owner's prefix. */
  save(
    userId: string,
    filename: string,
    image: Uint8Array,
    type: ImageType,
    thumbnail: Uint8Array,
  ): Promise<void>;
  /**
   * Deletes the files the worker stores for this result (the avatar, its thumbnail, its blurred copy): its own
   * clean-up when its account was deleted while it rendered. A file already gone is no error.
   */
  remove(userId: string, filename: string): Promise<void>;
  read(userId: string, filename: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  /** The stored size of a result in bytes, read from storage's metadata (none of its bytes); null when gone. */
  resultBytes(userId: string, filename: string): Promise<number | null>;
  viewUrls(
    userId: string,
    filename: string,
    expiresSeconds: number,
  ): Promise<{ url: string; thumbnailUrl: string }>;
  /** A withheld avatar's blurred copy (never the avatar), beside its thumbnail. */
  savePreview(userId: string, filename: string, preview: Uint8Array): Promise<void>;
  previewUrl(userId: string, filename: string, expiresSeconds: number): Promise<string>;
  /** A preset's image made earlier (made once, kept next to its result); null when not yet. */
  readSize(userId: string, filename: string, preset: SizedPreset): Promise<Uint8Array | null>;
  saveSize(userId: string, filename: string, preset: SizedPreset, image: Uint8Array): Promise<void>;
  /**
   * The URL that downloads the archive of the set `setId` under `downloadName`, valid `expiresSeconds`;
   * null when no such archive is stored (never built, or expired from storage).
   */
  archiveUrl(
    userId: string,
    setId: string,
    downloadName: string,
    expiresSeconds: number,
  ): Promise<string | null>;
  /**
   * Stores the archive of the set `setId` (kept a while: the same set is served from it), written as its
   * chunks come: `length` is its exact size in bytes, announced before the first chunk.
   */
  saveArchive(userId: string, setId: string, archive: ArchiveUpload): Promise<void>;
  /** Whether storage answers for this user's prefix (support's diagnosis). */
  reachable(userId: string): Promise<boolean>;
}

export interface ResultImages {
  /** A small WebP for the gallery's cards. */
  thumbnail(image: Uint8Array): Promise<Uint8Array>;
  /**
   * What the gallery shows of a withheld avatar: a tiny copy, blurred and scaled back up, so none of the
   * avatar's detail reaches the browser (a CSS blur would send the real pixels).
   */
  blurredPreview(image: Uint8Array): Promise<Uint8Array>;
  /**
   * The image made for a preset ('original' is never asked): a JPEG in sRGB without metadata. The squares
   * centre `faceBox` (shared/result-presets.ts faceSquare); without one, sharp's attention crop places them.
   */
  preset(
    image: Uint8Array,
    preset: SizedPreset,
    maxBytes: number,
    faceBox?: RelativeBox | null,
  ): Promise<{ bytes: Uint8Array; contentType: 'image/jpeg'; width: number; height: number }>;
}

/** What members may create: style ids (null: every active style) and combinations (null: any). */
export interface Allowed {
  styles: number[] | null;
  combos: TeamCombo[] | null;
}

/** Who pays a member's create: their team's allowance, while they hold a seat there. */
export interface TeamPayer {
  teamId: string;
  memberId: string;
  allowed: Allowed;
  allowanceLeft: number;
}

export interface TeamPayers {
  /** The caller's team allowance, when they hold a seat in a team; null: they pay with their own tokens. */
  payerFor(userId: string): Promise<TeamPayer | null>;
}

export interface TeamCombo {
  backdrop: BackdropId;
  outfit: OutfitId;
}
