// An avatar (or a photo) shown as the square a face-centred download would cut from it (shared/result-presets.ts
// faceSquare): the profile bubble's preview and the before/after use the same numbers as the server. Without
// a face box, the middle of the picture.
import { faceSquare, type RelativeBox } from '#shared/result-presets.ts';

export function FaceSquare({
  src,
  width,
  height,
  box,
  faceSpan,
  alt = '',
  className = '',
  onError,
}: {
  src: string;
  /** the picture's size, or any size of the same proportions */
  width: number;
  height: number;
  box: RelativeBox | undefined;
  faceSpan: number;
  alt?: string;
  className?: string;
  onError?: () => void;
}) {
  const crop = box ? faceSquare(width, height, box, faceSpan) : null;
  const style = crop
    ? {
        width: `${(width / crop.side) * 100}%`,
        height: `${(height / crop.side) * 100}%`,
        left: `${(-crop.left / crop.side) * 100}%`,
        top: `${(-crop.top / crop.side) * 100}%`,
      }
    : undefined;
  return (
    <span className={`face-square${crop ? '' : ' face-square--cover'} ${className}`}>
      <img src={src} alt={alt} style={style} decoding="async" onError={onError} />
    </span>
  );
}
