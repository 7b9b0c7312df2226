// Download with a preset: Original, 400 x 400 for LinkedIn, the 1080 px profile square, the
// 600 px ID badge, 4K (upscaled). On a card, a button for the original and a menu for the others; in the
// modal, all of them side by side. The profile square comes with a round preview of the crop it will be.
import { useEffect, useId, useRef, useState } from 'react';
import { FACE_SQUARES } from '#shared/result-presets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';
import { downloadResult, isThrottled, PRESETS, type Preset } from '../api/download.ts';
import type { Task } from '../api/tasks.ts';
import { FaceSquare } from './face-square.tsx';

function useDownload(task: Task) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<Preset | null>(null);
  const download = async (preset: Preset) => {
    setBusy(preset);
    try {
      await downloadResult(task, preset);
    } catch (e) {
      console.error('Download', task.id, preset, e);
      toast.error(t(isThrottled(e) ? 'gallery.downloadsThrottled' : 'gallery.downloadFailed'));
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}

/** The profile square as a profile bubble shows it: the same crop as the download, in a circle. */
function ProfileBubble({ task, className = '' }: { task: Task; className?: string }) {
  const [failed, setFailed] = useState(false);
  const src = task.thumbnail_url ?? task.image_url;
  if (!src || failed) return null;
  return (
    <FaceSquare
      src={src}
      width={task.width ?? 1024}
      height={task.height ?? 1024}
      box={task.face_box}
      faceSpan={FACE_SQUARES.profile.faceSpan}
      className={`profile-bubble ${className}`}
      onError={() => setFailed(true)}
    />
  );
}

const ChevronIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export function CardDownload({ task, name }: { task: Task; name: string }) {
  const { t } = useTranslation();
  const { busy, download } = useDownload(task);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node))
        setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className="card-download" ref={root}>
      <button
        type="button"
        className="card-download__main"
        onClick={() => void download('original')}
        disabled={busy !== null}
        aria-label={`${t('gallery.download')}: ${name}`}
        title={t('gallery.download')}
        data-testid="card-download"
      >
        <DownloadIcon />
      </button>
      <button
        type="button"
        className="card-download__more"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('gallery.downloadOptions')}
        title={t('gallery.downloadOptions')}
        onClick={() => setOpen((o) => !o)}
        disabled={busy !== null}
      >
        <ChevronIcon />
      </button>
      {open && (
        <ul className="card-download__menu" id={menuId}>
          {PRESETS.map((preset) => (
            <li key={preset}>
              <button
                type="button"
                data-preset={preset}
                onClick={() => {
                  setOpen(false);
                  void download(preset);
                }}
              >
                <span className="card-download__label">
                  <span>{t(`gallery.preset_${preset}`)}</span>
                  <small>{t(`gallery.presetHint_${preset}`)}</small>
                </span>
                {preset === 'profile' && (
                  <span className="card-download__preview" title={t('gallery.profilePreview')}>
                    <ProfileBubble task={task} />
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function PresetButtons({ task }: { task: Task }) {
  const { t } = useTranslation();
  const { busy, download } = useDownload(task);
  return (
    <div className="preset-area">
      <figure className="profile-preview" data-testid="profile-preview">
        <ProfileBubble task={task} />
        <figcaption>
          <strong>{t('gallery.profilePreview')}</strong>
          <small>{t('gallery.presetHint_profile')}</small>
        </figcaption>
      </figure>
      <div className="preset-buttons">
        {PRESETS.map((preset) => (
          <Button
            key={preset}
            variant={preset === 'original' ? 'primary' : 'secondary'}
            size="sm"
            loading={busy === preset}
            disabled={busy !== null && busy !== preset}
            onClick={() => void download(preset)}
            data-preset={preset}
            title={t(`gallery.presetHint_${preset}`)}
          >
            {busy !== preset && <DownloadIcon />}
            {preset === 'original' ? t('gallery.download') : t(`gallery.preset_${preset}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}
