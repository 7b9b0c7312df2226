// The upload flow of Manage Photos: idle, then uploading with progress 0-100. Uploading
// starts only with both consents; files chosen earlier wait and go as soon as both boxes are ticked.
import { useCallback, useRef, useState } from 'react';
import type { PhotoConsent, Rejection } from '#shared/api-schemas.ts';
import { isApiError } from '../../lib/api-client.ts';
import { serverMessage } from '../../lib/api-messages.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { toast } from '../../lib/toasts.ts';
import { PhotoChecksLimited, type UploadProgress, uploadPhotos } from './api/direct-upload.ts';

export type MissingConsent = 'neither' | 'processing' | 'rights';
type Consents = Pick<PhotoConsent, 'processing' | 'rights'>;

function missingConsent(c: Consents): MissingConsent | null {
  if (c.processing && c.rights) return null;
  if (!c.processing && !c.rights) return 'neither';
  return c.processing ? 'rights' : 'processing';
}

const DONE_VISIBLE_MS = 600;

export interface UploadReport {
  uploaded: number;
  rejections: Rejection[];
  failed: string[];
}

/**
 * `beforeUpload` runs first (the deletes still in their undo window are sent: the server counts the photos
 * against the limit, and the screen already does not).
 */
export function usePhotoUploads(
  onUploaded: () => unknown,
  beforeUpload: () => Promise<void> = async () => {},
) {
  const { t } = useTranslation();
  const [pending, setPendingState] = useState<File[]>([]);
  // Read by callbacks made before the latest render (a consent saved after files were chosen).
  const pendingRef = useRef<File[]>([]);
  const setPending = useCallback((files: File[]) => {
    pendingRef.current = files;
    setPendingState(files);
  }, []);
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
        await beforeUpload();
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
        else if (e instanceof PhotoChecksLimited) setError(t('photos.tooManyChecks', { minutes: e.minutes }));
        else if (isApiError(e) && e.code === 'RATE_LIMITED') setError(t('photos.tooManyUploads'));
        else if (isApiError(e) && e.code === 'FACE_CHECK_UNAVAILABLE')
          setError(t('photos.faceCheckUnavailable'));
        else {
          const fallback = t('photos.uploadFailed');
          setError(isApiError(e) && e.status > 0 ? serverMessage(e, fallback) : fallback);
        }
        // Cleared too, so that choosing the same files again tries again.
        setInputKey((k) => k + 1);
        onUploaded();
      } finally {
        busy.current = false;
        // The full bar stays a moment, so the end of the upload is seen.
        setTimeout(() => setProgress(null), DONE_VISIBLE_MS);
      }
    },
    [onUploaded, beforeUpload, setPending, t],
  );

  /**
   * Files from the picker or a drop: uploaded now, or kept until both consents are given. `ticked` is what
   * the screen shows, `saved` what the server has recorded (the upload routes check that one): files chosen
   * while a tick is being saved go as soon as it is.
   */
  const choose = useCallback(
    (files: File[], ticked: Consents, saved: Consents) => {
      if (files.length === 0) return;
      const missing = missingConsent(ticked);
      if (missing || missingConsent(saved)) {
        setPending(files);
        setConsentMessage(missing);
        return;
      }
      void start(files);
    },
    [setPending, start],
  );

  /** After a consent box changed and the server recorded it: waiting files go once both are given. */
  const consentChanged = useCallback(
    (saved: Consents) => {
      const missing = missingConsent(saved);
      const waiting = pendingRef.current;
      if (!missing) {
        setConsentMessage(null);
        if (waiting.length) void start(waiting);
      } else if (waiting.length) {
        setConsentMessage(missing);
      }
    },
    [start],
  );

  return { pending, progress, consentMessage, report, error, inputKey, choose, consentChanged };
}
