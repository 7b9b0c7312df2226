// A team action that asks first (leaving the team, giving back one's own seat): a quiet button, then the
// question with the action as a danger button beside Cancel.
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export function ConfirmStep({
  label,
  question,
  pending,
  onConfirm,
  testIds,
}: {
  /** the action's words, on both buttons */
  label: string;
  question: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  testIds: { open: string; box: string; confirm: string };
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  if (!confirming)
    return (
      <div>
        <Button variant="ghost" onClick={() => setConfirming(true)} data-testid={testIds.open}>
          {label}
        </Button>
      </div>
    );
  return (
    <div className="team-leave" data-testid={testIds.box}>
      <p>{question}</p>
      <div className="team-leave__buttons">
        <Button variant="danger" loading={pending} onClick={onConfirm} data-testid={testIds.confirm}>
          {label}
        </Button>
        <Button variant="ghost" onClick={() => setConfirming(false)}>
          {t('team.joinCancel')}
        </Button>
      </div>
    </div>
  );
}
