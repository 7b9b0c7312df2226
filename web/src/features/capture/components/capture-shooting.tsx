// The phone's capture page while shooting (capture-page.tsx): the prompts' progress, this prompt, the camera,
// what the check said of the last shot, and "Done" once enough photos are kept.
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { Camera } from '../camera.tsx';
import { CAPTURE_STEPS, type Capture } from '../use-capture.ts';
import { ShotResult } from './shot-result.tsx';

export function CaptureShooting({ capture }: { capture: Capture }) {
  const { t } = useTranslation();
  const { step, stepName, shot, kept, attempt, photosLeft, canFinish, finish } = capture;
  const last = step + 1 >= CAPTURE_STEPS.length;
  return (
    <div className="capture__shooting">
      <ol className="capture__steps" aria-hidden="true">
        {CAPTURE_STEPS.map((s, i) => (
          <li key={s} data-current={i === step || undefined} data-past={i < step || undefined} />
        ))}
      </ol>
      <p className="capture__step-of muted">
        {t('capture.stepOf', { n: step + 1, total: CAPTURE_STEPS.length })}
      </p>
      <h2 className="capture__prompt" data-testid="capture-prompt" data-step={stepName}>
        {t(`capture.step_${stepName}`)}
      </h2>
      <Camera
        attempt={attempt}
        shotName={t('capture.fileName', { n: kept + 1, step: t(`capture.fileStep_${stepName}`) })}
        onShot={capture.shoot}
        busy={shot !== null}
        overlay={shot && <img className="camera__still" src={shot.preview} alt="" />}
      />
      {shot && (
        <ShotResult
          shot={shot}
          last={last}
          photosLeft={photosLeft}
          onRetake={capture.retake}
          onNext={capture.next}
          onDone={canFinish && !last ? finish : undefined}
          onRetry={capture.retry}
        />
      )}
      {!shot && canFinish && (
        <Button variant="ghost" block onClick={finish} data-testid="capture-finish">
          {t('capture.done')}
        </Button>
      )}
    </div>
  );
}
