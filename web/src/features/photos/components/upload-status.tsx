// What the upload is doing: the consent messages, the files waiting for consent, the
// progress bar with its percentage, the rejected-count message with each reason, or the failure.

import { PHOTO_LIMITS, REJECTION_REASONS, type RejectionReason } from '#shared/photo-rules.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { UploadProgress } from '../api/direct-upload.ts';
import type { MissingConsent, UploadReport } from '../use-photo-uploads.ts';

const CONSENT_KEYS = {
  neither: 'photos.consentNeither',
  processing: 'photos.consentProcessingMissing',
  rights: 'photos.consentRightsMissing',
} as const;

const REASON_VALUES = {
  mb: PHOTO_LIMITS.maxBytes / (1024 * 1024),
  px: PHOTO_LIMITS.minShortSide,
  mp: PHOTO_LIMITS.maxPixels / 1_000_000,
  max: PHOTO_LIMITS.maxPhotos,
};

/** How many files each reason refused, in the order of REJECTION_REASONS; files that never arrived count as 'not-found'. */
function countByReason(report: UploadReport): [RejectionReason, number][] {
  const counts = new Map<RejectionReason, number>();
  const add = (reason: RejectionReason) => counts.set(reason, (counts.get(reason) ?? 0) + 1);
  for (const r of report.rejections) add(r.reason);
  for (const _ of report.failed) add('not-found');
  return REJECTION_REASONS.flatMap((reason) => {
    const n = counts.get(reason);
    return n ? [[reason, n] as [RejectionReason, number]] : [];
  });
}

export function UploadStatus({
  consentMessage,
  waiting,
  progress,
  report,
  error,
}: {
  consentMessage: MissingConsent | null;
  waiting: number;
  progress: UploadProgress | null;
  report: UploadReport | null;
  error: string | null;
}) {
  const { t } = useTranslation();
  const percent = progress ? Math.round(progress.percent) : 0;
  const rejected = report ? report.rejections.length + report.failed.length : 0;
  return (
    <div className="upload-status" aria-live="polite">
      {consentMessage && (
        <Alert kind="warning">
          <span data-testid="consent-message">{t(CONSENT_KEYS[consentMessage])}</span>
        </Alert>
      )}
      {waiting > 0 && !progress && (
        <p className="upload-status__waiting" data-testid="waiting-files">
          {t('photos.waiting', { count: waiting })}
        </p>
      )}
      {progress && (
        <div className="upload-progress">
          <div className="upload-progress__label">
            <span>{progress.phase === 'uploading' ? t('photos.uploading') : t('photos.checking')}</span>
            <span className="upload-progress__percent" data-testid="upload-percent">
              {percent}%
            </span>
          </div>
          <div
            className="upload-progress__track"
            role="progressbar"
            aria-label={t('photos.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className="upload-progress__bar" style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
      {report && rejected > 0 && (
        <Alert kind="warning">
          <span data-testid="rejected-message">
            {t('photos.rejectedSummary', {
              uploaded: report.uploaded,
              rejected,
              reasons: countByReason(report)
                .map(([reason, count]) => t(`photos.rejectedCount_${reason}`, { count, ...REASON_VALUES }))
                .join(t('photos.rejectedCountSeparator')),
            })}
          </span>
          <span className="upload-status__reasons">
            {report.rejections.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name and a reason
              <span key={i} className="upload-status__reason">
                {t(`photos.reason_${r.reason}`, { name: r.name, ...REASON_VALUES })}
              </span>
            ))}
            {report.failed.map((name, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name
              <span key={`f${i}`} className="upload-status__reason">
                {t('photos.reason_not-found', { name })}
              </span>
            ))}
          </span>
        </Alert>
      )}
      {error && (
        <Alert kind="error">
          <span data-testid="upload-error">{error}</span>
        </Alert>
      )}
    </div>
  );
}
