// The upload flow of spec section 4 "Photo upload": idle, then uploading with progress 0-100. Uploading
// starts only with both consents; files chosen earlier wait and go as soon as both boxes are ticked.
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoConsent, Rejection } from '../../../../shared/api-schemas.ts';
import { isApiError } from '../../lib/api-client.ts';
import { serverMessage } from '../../lib/api-messages.ts';
import { toast } from '../../lib/toasts.ts';
import { type UploadProgress, uploadPhotos } from './api/direct-upload.ts';

export type MissingConsent = 'neither' | 'processing' | 'rights';

export function missingConsent(c: Pick<PhotoConsent, 'processing' | 'rights'>): MissingConsent | null {
  if (c.processing && c.rights) return null;
  if (!c.processing && !c.rights) return 'neither';
  return c.processing ? 'rights' : 'processing';
}

export interface UploadReport {
  uploaded: number;
  rejections: Rejection[];
  failed: string[];
}

export function usePhotoUploads(onUploaded: () => void) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<File[]>([]);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [consentMessage, setConsentMessage] = useState<MissingConsent | null>(null);
  const [report, setReport] = useState<UploadReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Changing it remounts the file input, which clears it. */
  const [inputKey, setInputKey] = useState(0);
  const busy = useRef(false);

  const start = useCallback(
    async (files: File[]) => {
      if (busy.current || files.length === 0) return;
      busy.current = true;
      setPending([]);
      setConsentMessage(null);
      setError(null);
      setReport(null);
      try {
        const outcome = await uploadPhotos(files, setProgress);
        const rejected = outcome.rejections.length + outcome.failed.length;
        if (outcome.uploaded.length === 0 && outcome.rejections.length === 0) {
          setError(t('photos.uploadFailed'));
        } else {
          setReport({
            uploaded: outcome.uploaded.length,
            rejections: outcome.rejections,
            failed: outcome.failed,
          });
          if (rejected === 0) toast.success(t('photos.uploaded', { count: outcome.uploaded.length }));
        }
        setInputKey((k) => k + 1);
        onUploaded();
      } catch (e) {
        console.error('Photo upload', e);
        if (isApiError(e) && e.code === 'PHOTO_LIMIT_REACHED')
          setError(t('photos.limitReached', { max: 20 }));
        else if (isApiError(e) && e.code === 'CONSENT_REQUIRED') setError(t('photos.consentNeither'));
        else setError((isApiError(e) && e.status > 0 && serverMessage(e)) || t('photos.uploadFailed'));
        onUploaded();
      } finally {
        busy.current = false;
        setProgress(null);
      }
    },
    [onUploaded, t],
  );

  /** Files from the picker or a drop: uploaded now, or kept until both consents are given. */
  const choose = useCallback(
    (files: File[], consent: Pick<PhotoConsent, 'processing' | 'rights'>) => {
      if (files.length === 0) return;
      const missing = missingConsent(consent);
      if (missing) {
        setPending(files);
        setConsentMessage(missing);
        return;
      }
      void start(files);
    },
    [start],
  );

  /** After a consent box changed (and was saved): waiting files go once both are given. */
  const consentChanged = useCallback(
    (consent: Pick<PhotoConsent, 'processing' | 'rights'>) => {
      const missing = missingConsent(consent);
      if (!missing) {
        setConsentMessage(null);
        if (pending.length) void start(pending);
      } else if (pending.length) {
        setConsentMessage(missing);
      }
    },
    [pending, start],
  );

  return { pending, progress, consentMessage, report, error, inputKey, choose, consentChanged };
}
