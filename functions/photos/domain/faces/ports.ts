// The product's eyes for faces: one port, one adapter (functions/photos/faces). The domain sees
// boxes, a sharpness figure and a descriptor; never the model.

/** A point or box in the analysed image, as shares of its width and height (0-1). */
export interface RelativePoint {
  x: number;
  y: number;
}

export interface RelativeBox extends RelativePoint {
  width: number;
  height: number;
}

export interface DetectedFace {
  /** the detector's confidence, 0-1 */
  score: number;
  box: RelativeBox;
  /** the centres of the two eyes, the viewer's left first */
  eyes: { left: RelativePoint; right: RelativePoint };
  /**
   * The 68 landmarks (the iBUG 300-W order: jaw 0-16, brows 17-26, nose 27-35, eyes 36-47, mouth 48-67), for
   * the edits' masks (functions/generation/domain/edit-masks.ts); never stored with a photo.
   */
  landmarks?: RelativePoint[];
  /** variance of the Laplacian of the face region, scaled to a common contrast (higher: sharper) */
  sharpness: number;
  /**
   * Mean luma (0-255) of the face box, of the band around it, of the two eye regions and of the face's left
   * and right halves (the viewer's), read from the pixels already decoded: the quality score's light
   * (functions/photos/domain/quality-score.ts). Absent from analyzers that do not measure it.
   */
  light?: { face: number; around: number; eyes: number; left: number; right: number };
  /**
   * 128 values that place the face among all faces: close descriptors, same person. Biometric data: kept
   * only on the photo's own record, never logged, never sent to a browser or put in an export.
   */
  descriptor: number[];
}

export interface FaceAnalysis {
  /** px of the analysed image (the normalised copy: upright, long side <= FACE_ANALYSIS_LONG_SIDE) */
  width: number;
  height: number;
  /** largest first */
  faces: DetectedFace[];
}

/** An encoded image (JPEG, PNG, WebP), or its pixels already decoded upright (RGB, 3 bytes a pixel). */
export type FaceInput = { encoded: Uint8Array } | { rgb: Uint8Array; width: number; height: number };

export interface AnalyseOptions {
  /** the detector's confidence (0-1) for a face to count; default FACE_RULES.minConfidence */
  minConfidence?: number;
  /**
   * Read the face's light for the quality score (DetectedFace.light); default true. What only needs the
   * faces (an avatar's likeness, the edits' masks) can leave it out.
   */
  light?: boolean;
}

export interface FaceAnalyzer {
  /** Finds the faces. Throws when the model cannot run (the caller answers a clear error; nothing is kept). */
  analyse(input: FaceInput, options?: AnalyseOptions): Promise<FaceAnalysis>;
}

/** A person's matte: 0 (backdrop) to 255 (person), one byte a pixel, row by row. */
export interface PersonMatte {
  width: number;
  height: number;
  alpha: Uint8Array;
}

/**
 * Finds the person in an avatar (functions/photos/faces/person-segmenter.ts: a segmentation model on the
 * face model's tfjs WebAssembly backend, docs/faces.md): the matte at the image's own size.
 */
export interface PersonSegmenter {
  personMatte(image: Buffer): Promise<PersonMatte>;
}
