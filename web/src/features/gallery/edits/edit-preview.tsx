// The picture beside the edit panel's options (edit-panel.tsx): the brush's canvas for "Fix one region",
// the new frame once one is picked, the avatar itself otherwise.
import { useTranslation } from '../../../lib/i18n.ts';
import type { Task } from '../api/tasks.ts';
import { BrushCanvas } from './brush-canvas.tsx';
import type { EditTabProps } from './edit-tab-props.ts';
import { FramePreview } from './frame-preview.tsx';

export function EditPreview({
  task,
  width,
  height,
  state,
  dispatch,
}: EditTabProps & { task: Task; width: number; height: number }) {
  const { t } = useTranslation();
  const { kind, aspect } = state;
  const src = task.image_url ?? task.thumbnail_url;
  return (
    <div className={`edit-panel__preview edit-panel__preview--${kind}`}>
      {kind === 'region' ? (
        <BrushCanvas
          src={src}
          width={width}
          height={height}
          strokes={state.strokes}
          mode={state.mode}
          size={state.size}
          label={t('gallery.brushCanvas')}
          face={task.face_box}
          onStroke={(stroke) => dispatch({ type: 'stroke', stroke })}
        />
      ) : kind === 'framing' && aspect ? (
        <FramePreview task={task} aspect={aspect} />
      ) : (
        src && <img className="edit-panel__image" src={src} alt="" width={width} height={height} />
      )}
    </div>
  );
}
