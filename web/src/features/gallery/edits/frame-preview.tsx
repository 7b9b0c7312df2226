// The framing tab's preview (edit-panel.tsx): the avatar placed on the frame's new canvas, and its size.
import { useTranslation } from '../../../lib/i18n.ts';
import type { Task } from '../api/tasks.ts';
import { type Aspect, frameOf } from './edit-options.ts';

export function FramePreview({ task, aspect }: { task: Task; aspect: Aspect }) {
  const { t } = useTranslation();
  const width = task.width ?? 1024;
  const height = task.height ?? 1024;
  const { canvas, placement } = frameOf(width, height, aspect);
  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  return (
    <figure className="frame-preview" data-testid="frame-preview" data-aspect={aspect}>
      <div className="frame-preview__canvas" style={{ aspectRatio: `${canvas.width} / ${canvas.height}` }}>
        {task.image_url && (
          <img
            src={task.image_url}
            alt=""
            style={{
              left: pct(placement.x, canvas.width),
              top: pct(placement.y, canvas.height),
              width: pct(placement.width, canvas.width),
              height: pct(placement.height, canvas.height),
            }}
          />
        )}
      </div>
      <figcaption>
        {t('gallery.framingPreview', { width: canvas.width, height: canvas.height })}
        {(canvas.width !== width || canvas.height !== height) && (
          <span className="frame-preview__added">{t('gallery.framingAdded')}</span>
        )}
      </figcaption>
    </figure>
  );
}
