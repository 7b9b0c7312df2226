// Drag and drop, or Browse Files (several at once); JPG, PNG and WEBP.
import { type DragEvent, useRef, useState } from 'react';
import { PHOTO_ACCEPT, PHOTO_LIMITS } from '#shared/photo-rules.ts';
import { Button } from '../../../components/ui/button.tsx';
import { UploadIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export function DropZone({
  onFiles,
  disabled,
  inputKey,
}: {
  onFiles: (files: File[]) => void;
  disabled: boolean;
  /** a new key clears the input */
  inputKey: number;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...e.dataTransfer.files]);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the button inside is the keyboard way
    <div
      className={`drop-zone${over ? ' drop-zone--over' : ''}${disabled ? ' drop-zone--disabled' : ''}`}
      data-testid="drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <span className="drop-zone__icon">
        <UploadIcon />
      </span>
      <p className="drop-zone__title">{t('photos.dropTitle')}</p>
      <p className="drop-zone__or">{t('common.or')}</p>
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={disabled}>
        {t('photos.browse')}
      </Button>
      <p className="drop-zone__hint">{t('photos.dropHint', { mb: PHOTO_LIMITS.maxBytes / (1024 * 1024) })}</p>
      <input
        key={inputKey}
        ref={input}
        type="file"
        multiple
        accept={PHOTO_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('photos.browse')}
        data-testid="photo-input"
        onChange={(e) => onFiles([...(e.target.files ?? [])])}
      />
    </div>
  );
}
