// The phone's capture page once its link cannot be used (capture-page.tsx): why, in the page's language,
// "Try again" when the server could not be reached, and the photos kept so far.
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { Ending } from '../use-capture.ts';

export function CaptureEnded({ why, kept, onReopen }: { why: Ending; kept: number; onReopen: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="capture__ended" data-testid="capture-ended" data-why={why}>
      <Alert
        kind={why === 'unreachable' ? 'error' : 'warning'}
        action={
          why === 'unreachable' ? (
            <Button variant="secondary" size="sm" onClick={onReopen}>
              {t('capture.tryAgain')}
            </Button>
          ) : undefined
        }
      >
        {t(`capture.ended_${why}`)}
      </Alert>
      {kept > 0 && (
        <p className="muted" data-testid="capture-done-text">
          {t('capture.doneText', { count: kept })}
        </p>
      )}
    </div>
  );
}
