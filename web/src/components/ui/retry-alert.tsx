// What an app screen shows when its data did not load: the message, and a Retry button.
import { useTranslation } from '../../lib/i18n.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      kind="error"
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
