// Each batch still being made, in one line: "Generating 2 of 4 · about 40 seconds left".
import { useTranslation } from '../../../lib/i18n.ts';
import { etaOf, type BatchProgress as Progress } from '../task-estimate.ts';
import { useEtaText } from './task-stage.tsx';

export function BatchProgress({ batch }: { batch: Progress }) {
  const { t } = useTranslation();
  const eta = useEtaText();
  const what =
    batch.stage === 'generating'
      ? t('gallery.batchGenerating', { started: batch.started, total: batch.total })
      : t(`gallery.stage_${batch.stage}`);
  const share = Math.round(Math.min(0.99, Math.max(0, batch.done)) * 100);
  return (
    <li className="batch-progress" data-testid="batch-progress" data-stage={batch.stage}>
      <span className="batch-progress__text">
        <strong>{what}</strong>
        {batch.estimate && (
          <>
            <span aria-hidden="true"> · </span>
            {eta(etaOf(batch.estimate))}
          </>
        )}
      </span>
      <span className="batch-progress__bar" aria-hidden="true">
        <span style={{ width: `${share}%` }} />
      </span>
    </li>
  );
}
