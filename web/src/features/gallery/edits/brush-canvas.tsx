// "Fix one region": the avatar with a canvas over it, brushed with a mouse, a finger or a pen (pointer
// events, one pointer at a time: a second finger does not draw). The strokes are kept in the avatar's own
// pixels (edits/brush-mask.ts makes the mask from them), shown here in a see-through colour; undo takes the
// last stroke back, the eraser takes brushed parts away.
import { useEffect, useRef } from 'react';
import type { Point, Stroke } from './brush-mask.ts';

/** The brush on screen: a warm red, see-through enough to judge what is under it. */
const SHOWN = 'rgb(239 68 68)';

export function BrushCanvas({
  src,
  width,
  height,
  strokes,
  mode,
  size,
  label,
  onStroke,
}: {
  src: string | undefined;
  width: number;
  height: number;
  strokes: readonly Stroke[];
  mode: Stroke['mode'];
  size: number;
  label: string;
  /** a stroke ended (at least one point) */
  onStroke: (stroke: Stroke) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
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

  return (
    <div className="brush-area" style={{ aspectRatio: `${width} / ${height}` }}>
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
}
