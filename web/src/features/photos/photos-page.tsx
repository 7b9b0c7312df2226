// /app/upload, Manage Photos (docs/product.md, step 3): upload
// with consent and progress, the photos with their warnings, the count against the 2 needed, retention.
import './strings.ts';
import { useEffect, useRef, useState } from 'react';
import type { PhotoConsent, PhotoFile } from '#shared/api-schemas.ts';
import { SetQualityMeter } from '../../components/quality/quality-meter.tsx';
import { api } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { toast } from '../../lib/toasts.ts';
import { type PhotoListState, photosChanged, updatePhotoList, usePhotoList } from './api/photo-list.ts';
import { ConsentBoxes } from './components/consent-boxes.tsx';
import { DropZone } from './components/drop-zone.tsx';
import { PhoneCapturePanel } from './components/phone-capture-panel.tsx';
import { PhotoCount } from './components/photo-count.tsx';
import { PhotoGallery } from './components/photo-gallery.tsx';
import { RetentionCard, TipsCard } from './components/side-cards.tsx';
import { UndoDeletes } from './components/undo-delete.tsx';
import { UploadStatus } from './components/upload-status.tsx';
import { usePhotoDeletes } from './use-photo-deletes.ts';
import { usePhotoUploads } from './use-photo-uploads.ts';
import '../../components/layout/app-screens.css';
import './photos.css';
import '../../lib/app-routes.ts';

type Given = Pick<PhotoConsent, 'processing' | 'rights'>;

export default function PhotosPage() {
  const { t } = useTranslation();
  const { state: read, reload } = usePhotoList();
  const deletes = usePhotoDeletes();
  const uploads = usePhotoUploads(photosChanged, deletes.sendAll);
  // A photo in its undo window is off the screen, and out of the count, though the server still has it.
  const hidden = new Set(deletes.pending.map((p) => p.photo.filename));
  const state: PhotoListState =
    read.status === 'ready' && hidden.size
      ? { ...read, list: { ...read.list, files: read.list.files.filter((f) => !hidden.has(f.filename)) } }
      : read;
  // The boxes as ticked on this screen; the server's record until the user changes them.
  const [ticked, setTicked] = useState<Given | null>(null);
  const [retention, setRetention] = useState<boolean | null>(null);
  const list = state.status === 'ready' ? state.list : null;
  const saved: Given = list?.consent ?? { processing: false, rights: false };
  const consent: Given = ticked ?? saved;
  const count = list?.files.length ?? 0;
  // The server's record as last heard: the list's, or a save's answer the screen has not rendered yet. Files
  // chosen between that answer and the next render would otherwise wait for a save that has already ended.
  const recorded = useRef<Given>(saved);
  useEffect(() => {
    recorded.current = { processing: saved.processing, rights: saved.rights };
  }, [saved.processing, saved.rights]);

  // One save at a time, in the order of the clicks: two quick ticks must not reach the server crossed.
  const consentSaves = useRef<Promise<void>>(Promise.resolve());
  const changeConsent = (next: Given) => {
    const before = consent;
    setTicked(next);
    consentSaves.current = consentSaves.current.then(async () => {
      try {
        const result = await api('photoConsent', { body: next });
        recorded.current = { processing: result.consent.processing, rights: result.consent.rights };
        updatePhotoList((l) => ({ ...l, consent: result.consent }));
        uploads.consentChanged(result.consent);
      } catch (e) {
        console.error('Photo consent', e);
        setTicked(before);
        toast.error(t('photos.consentSaveFailed'));
      }
    });
  };

  const changeRetention = async (on: boolean) => {
    setRetention(on);
    try {
      const result = await api('photoRetention', { body: { delete_after_generation: on } });
      updatePhotoList((l) => ({ ...l, delete_after_generation: result.delete_after_generation }));
    } catch (e) {
      console.error('Photo retention', e);
      setRetention(!on);
      toast.error(t('photos.retentionSaveFailed'));
    }
  };

  const deletePhoto = async (photo: PhotoFile) => deletes.start(photo);

  const uploading = uploads.progress !== null;
  return (
    <div className="container photos">
      <title>{`${t('photos.title')} · Aivatar`}</title>
      <header className="app-page-header photos__header">
        <div>
          <h1>{t('photos.title')}</h1>
          <p className="muted">{t('photos.subtitle')}</p>
        </div>
        {list && <PhotoCount count={count} />}
      </header>
      <div className="split-layout photos__grid">
        <section className="card panel-card split-layout__main upload" aria-labelledby="upload-title">
          <h2 id="upload-title" className="visually-hidden">
            {t('photos.uploadTitle')}
          </h2>
          <DropZone
            onFiles={(files) => uploads.choose(files, consent, recorded.current)}
            disabled={uploading || !list}
            inputKey={uploads.inputKey}
          />
          <ConsentBoxes consent={consent} onChange={changeConsent} disabled={!list} />
          <UploadStatus
            consentMessage={uploads.consentMessage}
            waiting={uploads.pending.length}
            progress={uploads.progress}
            report={uploads.report}
            error={uploads.error}
          />
        </section>
        <div className="split-layout__side">
          <PhoneCapturePanel consentGiven={saved.processing && saved.rights} />
          <RetentionCard
            deleteAfterGeneration={retention ?? list?.delete_after_generation ?? false}
            onChange={changeRetention}
            disabled={!list}
          />
          <TipsCard />
        </div>
        <div className="split-layout__wide">
          {list && count > 0 && <SetQualityMeter quality={list.set_quality} />}
          <PhotoGallery state={state} onRefresh={reload} onDelete={deletePhoto} />
        </div>
      </div>
      <UndoDeletes
        pending={deletes.pending}
        onUndo={deletes.undo}
        onDismiss={(f) => void deletes.sendNow(f)}
      />
    </div>
  );
}
