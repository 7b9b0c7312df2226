// "Fix one region": the avatar with a canvas over it, brushed with a mouse, a finger or a pen (pointer
// events, one pointer at a time: a second finger does not draw). The strokes are kept in the avatar's own
// pixels (edits/brush-mask.ts makes the mask from them), shown here in a see-through colour; undo takes the
// last stroke back, the eraser takes brushed parts away. A wide picture (a 4:1 banner) shown at the panel's
// width would leave a strip a few dozen pixels high with a face too small to brush: it opens zoomed on its
// face instead, showing its whole height and part of its width, with a zoom and a slider to move along it.
import { useEffect, useRef, useState } from 'react';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { Point, Stroke } from './brush-mask.ts';

/** Where a face is, as fractions of the picture's width and height. */
type RelativeBox = NonNullable<AvatarTask['face_box']>;

/** The brush on screen: a warm red, see-through enough to judge what is under it. */
const SHOWN = 'rgb(239 68 68)';

/** Zooms a picture this wide offers: up to its width over its height (4 for a 4:1 banner), none below 2:1. */
export function zoomsOf(width: number, height: number): number[] {
  const wide = width / height;
  if (wide < 2) return [1];
  return Array.from({ length: Math.min(4, Math.ceil(wide - 0.01)) }, (_, i) => i + 1);
}

/** The zoom it opens at: a 4:1 banner at 3, so that its face is about as large as on a 4:3 picture. */
const firstZoom = (width: number, height: number): number =>
  Math.min(Math.max(...zoomsOf(width, height)), Math.max(1, Math.round((width / height) * 0.75)));

/** Where along the picture the window starts (0: its left edge, 1: its right edge), centred on the face. */
function panOnto(face: RelativeBox | undefined, zoom: number): number {
  if (zoom <= 1) return 0;
  const centre = face ? face.x + face.width / 2 : 0.5;
  const start = Math.min(1 - 1 / zoom, Math.max(0, centre - 1 / (2 * zoom)));
  return start / (1 - 1 / zoom);
}

export function BrushCanvas({
  src,
  width,
  height,
  strokes,
  mode,
  size,
  label,
  face,
  onStroke,
}: {
  src: string | undefined;
  width: number;
  height: number;
  strokes: readonly Stroke[];
  mode: Stroke['mode'];
  size: number;
  label: string;
  /** where the avatar's face is (the gallery's face_box): a zoomed picture opens on it */
  face?: RelativeBox | undefined;
  /** a stroke ended (at least one point) */
  onStroke: (stroke: Stroke) => void;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const zooms = zoomsOf(width, height);
  const [zoom, setZoom] = useState(() => firstZoom(width, height));
  const [pan, setPan] = useState(() => panOnto(face, firstZoom(width, height)));
  const drawing = useRef<{ pointer: number; stroke: Stroke } | null>(null);

  const draw = (list: readonly Stroke[]) => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, width, height);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const stroke of list) {
      const [first, ...rest] = stroke.points;
      if (!first) continue;
      ctx.globalCompositeOperation = stroke.mode === 'brush' ? 'source-over' : 'destination-out';
      ctx.strokeStyle = SHOWN;
      ctx.fillStyle = SHOWN;
      ctx.lineWidth = stroke.size;
      ctx.beginPath();
      ctx.arc(first.x, first.y, stroke.size / 2, 0, Math.PI * 2);
      ctx.fill();
      ctx.beginPath();
      ctx.moveTo(first.x, first.y);
      for (const p of rest) ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
    ctx.globalCompositeOperation = 'source-over';
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: drawn again whenever the strokes change
  useEffect(() => draw(strokes), [strokes, width, height]);

  /** Where the pointer is, in the avatar's pixels (the canvas is shown smaller than the avatar). */
  const at = (e: React.PointerEvent<HTMLCanvasElement>): Point => {
    const box = e.currentTarget.getBoundingClientRect();
    const sx = box.width ? width / box.width : 1;
    const sy = box.height ? height / box.height : 1;
    const x = Math.min(width, Math.max(0, (e.clientX - box.left) * sx));
    const y = Math.min(height, Math.max(0, (e.clientY - box.top) * sy));
    return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
  };

  const end = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const now = drawing.current;
    if (!now || now.pointer !== e.pointerId) return;
    drawing.current = null;
    onStroke(now.stroke);
  };

  // The window shows the whole height and 1/zoom of the width; the picture moves under it (the pointer's
  // place is read from the canvas's own box, so a stroke lands on the same avatar pixels at any zoom).
  const start = pan * (1 - 1 / zoom);
  const area = (
    <div
      className={`brush-area${zoom > 1 ? ' brush-area--zoomed' : ''}`}
      style={{
        aspectRatio: `${width} / ${height}`,
        ...(zoom > 1 ? { width: `${zoom * 100}%`, transform: `translateX(${-start * 100}%)` } : {}),
      }}
      data-testid="brush-area"
    >
      {src && <img src={src} alt="" width={width} height={height} draggable={false} />}
      <canvas
        ref={canvas}
        width={width}
        height={height}
        className={`brush-area__canvas brush-area__canvas--${mode}`}
        role="img"
        aria-label={label}
        data-testid="brush-canvas"
        onPointerDown={(e) => {
          if (drawing.current || (e.pointerType === 'mouse' && e.button !== 0)) return;
          e.preventDefault();
          e.currentTarget.setPointerCapture?.(e.pointerId);
          const stroke: Stroke = { mode, size, points: [at(e)] };
          drawing.current = { pointer: e.pointerId, stroke };
          draw([...strokes, stroke]);
        }}
        onPointerMove={(e) => {
          const now = drawing.current;
          if (!now || now.pointer !== e.pointerId) return;
          now.stroke.points.push(at(e));
          draw([...strokes, now.stroke]);
        }}
        onPointerUp={end}
        onPointerCancel={end}
      />
    </div>
  );
  if (zooms.length < 2) return area;
  return (
    <div className="brush-zoom">
      <div
        className="brush-zoom__window"
        style={{ aspectRatio: `${width / zoom} / ${height}` }}
        data-testid="brush-window"
      >
        {area}
      </div>
      <div className="brush-zoom__controls">
        <fieldset className="brush-zoom__levels">
          <legend>{t('gallery.brushZoom')}</legend>
          {zooms.map((z) => (
            <button
              key={z}
              type="button"
              className="brush-tools__mode"
              aria-pressed={zoom === z}
              aria-label={t('gallery.brushZoomTo', { zoom: z })}
              onClick={() => {
                setZoom(z);
                setPan(panOnto(face, z));
              }}
              data-testid="brush-zoom"
            >
              {z}×
            </button>
          ))}
        </fieldset>
        {zoom > 1 && (
          <label className="brush-size">
            <span>{t('gallery.brushPan')}</span>
            <input
              type="range"
              min={0}
              max={100}
              value={Math.round(pan * 100)}
              onChange={(e) => setPan(Number(e.target.value) / 100)}
              data-testid="brush-pan"
            />
          </label>
        )}
      </div>
    </div>
  );
}
