// Before / after: the avatar beside the reference photo it was made from, both cut to the same
// face-centred square so the two faces sit at the same size, to judge the likeness at a glance. The photo
// comes from the user's own photo list (short-lived links to their own files); a photo deleted since says so.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FACE_SQUARES } from '#shared/result-presets.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { routeQuery } from '../../../lib/server-state.tsx';
import type { Task } from '../api/tasks.ts';
import { FaceSquare } from './face-square.tsx';

/** Both sides framed as the profile square: head and shoulders, the face a little above the middle. */
const FACE_SPAN = FACE_SQUARES.profile.faceSpan;

function ReferencePane({ task }: { task: Task }) {
  const { t } = useTranslation();
  const photos = useQuery(routeQuery('listPhotos'));
  const [broken, setBroken] = useState(false);
  const photo = photos.data?.files.find((f) => f.filename === task.reference_path);
  if (photos.isPending) return <Spinner size="sm" label={t('common.loading')} />;
  if ((photos.isError && !photo) || broken)
    return <p className="before-after__note">{t('gallery.compareFailed')}</p>;
  if (!photo) return <p className="before-after__note">{t('gallery.compareGone')}</p>;
  return (
    <FaceSquare
      src={photo.url}
      width={photo.width}
      height={photo.height}
      box={photo.face_box}
      faceSpan={FACE_SPAN}
      alt={t('gallery.compareYourPhoto')}
      onError={() => setBroken(true)}
    />
  );
}

export function BeforeAfter({ task, label }: { task: Task; label: string }) {
  const { t } = useTranslation();
  const src = task.image_url ?? task.thumbnail_url;
  return (
    <div className="before-after" data-testid="before-after">
      <figure className="before-after__pane" data-testid="before">
        <div className="before-after__frame">
          <ReferencePane task={task} />
        </div>
        <figcaption>{t('gallery.compareYourPhoto')}</figcaption>
      </figure>
      <figure className="before-after__pane" data-testid="after">
        <div className="before-after__frame">
          {src && (
            <FaceSquare
              src={src}
              width={task.width ?? 1024}
              height={task.height ?? 1024}
              box={task.face_box}
              faceSpan={FACE_SPAN}
              alt={label}
            />
          )}
        </div>
        <figcaption>{t('gallery.compareAvatar')}</figcaption>
      </figure>
    </div>
  );
}
