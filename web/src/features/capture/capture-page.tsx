// /capture/:code and /fr/capture/:code: the phone's side of "Selfies from the phone" (docs/product.md). The
// desktop's QR code opens it without a password; it opens the link (this device is then the only one it
// works on), repeats what the photos are for, and takes five prompted selfies, each checked as it is taken
// (the same check and score as any upload). A refused shot is retaken; a kept one stays (the code cannot
// delete), so its button offers to take another beside it. Once the photos needed to create avatars are kept,
// "Done" ends it early. A reload goes on where the link is (the server counts the photos it received). Each
// file is named in the page's language and numbered by the link's photos, so no two have the same name. A
// used, expired, revoked or unknown code says so in the page's language.
import './strings.ts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { Rejection } from '../../../../shared/api-schemas.ts';
import {
  INFORMATION_HINTS,
  PHOTO_LIMITS,
  PHOTO_RETENTION_DAYS,
  qualityBand,
} from '../../../../shared/photo-rules.ts';
import { PlainFrame } from '../../components/layout/plain-frame.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CheckCircleIcon, InfoIcon } from '../../components/ui/shell-icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { hasString, type TranslationKey, useTranslation } from '../../lib/i18n.ts';
import { Camera } from './camera.tsx';
import { type CaptureLinkKey, openLink, type ShotOutcome, uploadShot } from './capture-api.ts';
import './capture.css';

/** The five prompted shots, in order. */
export const CAPTURE_STEPS = ['straight', 'left', 'right', 'smile', 'window'] as const;
type Step = (typeof CAPTURE_STEPS)[number];

/** Twelve characters of Crockford's base32 (shared/capture-rules.ts); hosts lower-case page paths. */
const CODE = /^[0-9A-HJKMNP-TV-Z]{12}$/;
const ENDINGS = [
  'CAPTURE_LINK_NOT_FOUND',
  'CAPTURE_LINK_EXPIRED',
  'CAPTURE_LINK_ENDED',
  'CAPTURE_LINK_IN_USE',
  'PHOTO_LIMIT_REACHED',
] as const;
type Ending = (typeof ENDINGS)[number] | 'unreachable';

type Link =
  | { status: 'opening' }
  | { status: 'ended'; why: Ending }
  | { status: 'open'; key: CaptureLinkKey; photosLeft: number };

type Shot =
  | { status: 'checking'; preview: string }
  | { status: 'done'; preview: string; outcome: ShotOutcome }
  | { status: 'failed'; preview: string; file: File; message: TranslationKey };

type Stage = 'intro' | 'shooting' | 'done';

const endingOf = (e: unknown): Ending | null => {
  if (!isApiError(e)) return null;
  if (e.status === 0) return 'unreachable';
  return (ENDINGS as readonly string[]).includes(e.code) ? (e.code as Ending) : null;
};

export default function CapturePage() {
  const { t } = useTranslation();
  const code = (useParams().code ?? '').toUpperCase();
  const [link, setLink] = useState<Link>({ status: 'opening' });
  const [stage, setStage] = useState<Stage>('intro');
  const [step, setStep] = useState(0);
  const [shot, setShot] = useState<Shot | null>(null);
  const [kept, setKept] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [opening, setOpening] = useState(0);
  const previews = useRef<string[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `opening` counts the user's "Try again" clicks
  useEffect(() => {
    if (!CODE.test(code)) {
      setLink({ status: 'ended', why: 'CAPTURE_LINK_NOT_FOUND' });
      return;
    }
    let current = true;
    setLink({ status: 'opening' });
    openLink(code).then(
      (opened) => {
        if (!current) return;
        setKept(opened.photos_added);
        // A reload (or the link opened again) goes on at the prompt after the photos already received.
        setStep(Math.min(opened.photos_added, CAPTURE_STEPS.length - 1));
        setLink(
          opened.photos_left > 0
            ? { status: 'open', key: opened.key, photosLeft: opened.photos_left }
            : { status: 'ended', why: 'CAPTURE_LINK_ENDED' },
        );
      },
      (e: unknown) => {
        if (!current) return;
        console.error('Capture link', e);
        setLink({ status: 'ended', why: endingOf(e) ?? 'unreachable' });
      },
    );
    return () => {
      current = false;
    };
  }, [code, opening]);

  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const send = async (file: File, preview: string) => {
    if (link.status !== 'open') return;
    setShot({ status: 'checking', preview });
    try {
      const outcome = await uploadShot(link.key, file);
      setShot({ status: 'done', preview, outcome });
      if (outcome.kept) {
        setKept((n) => n + 1);
        setLink({ ...link, photosLeft: link.photosLeft - 1 });
      }
    } catch (e) {
      console.error('Capture shot', e);
      const ending = endingOf(e);
      if (ending && ending !== 'unreachable') {
        setLink({ status: 'ended', why: ending });
        return;
      }
      const limited = isApiError(e) && e.code === 'RATE_LIMITED';
      setShot({
        status: 'failed',
        preview,
        file,
        message: limited ? 'capture.tooManyChecks' : 'capture.failed',
      });
    }
  };

  const shoot = (file: File) => {
    const preview = URL.createObjectURL(file);
    previews.current.push(preview);
    void send(file, preview);
  };

  const retake = () => {
    setShot(null);
    setAttempt((n) => n + 1);
  };

  const next = () => {
    setShot(null);
    setAttempt((n) => n + 1);
    if (step + 1 >= CAPTURE_STEPS.length) setStage('done');
    else setStep(step + 1);
  };

  const stepName: Step = CAPTURE_STEPS[step] ?? 'straight';
  const photosLeft = link.status === 'open' ? link.photosLeft : 0;
  /** Enough photos kept through this link to create avatars: the capture may end here. */
  const canFinish = kept >= PHOTO_LIMITS.neededForAvatars;
  const finish = () => {
    setShot(null);
    setStage('done');
  };

  let body: ReactNode;
  if (link.status === 'opening') {
    body = (
      <div className="capture__center">
        <Spinner label={t('capture.opening')} size="lg" />
      </div>
    );
  } else if (link.status === 'ended' && stage !== 'done') {
    body = (
      <div className="capture__ended" data-testid="capture-ended" data-why={link.why}>
        <Alert
          kind={link.why === 'unreachable' ? 'error' : 'warning'}
          action={
            link.why === 'unreachable' ? (
              <Button variant="secondary" size="sm" onClick={() => setOpening((n) => n + 1)}>
                {t('capture.tryAgain')}
              </Button>
            ) : undefined
          }
        >
          {t(`capture.ended_${link.why}`)}
        </Alert>
        {kept > 0 && (
          <p className="muted" data-testid="capture-done-text">
            {t('capture.doneText', { count: kept })}
          </p>
        )}
      </div>
    );
  } else if (stage === 'intro') {
    body = (
      <div className="capture__intro">
        <p data-testid="capture-purpose">{t('capture.forWhat', { days: PHOTO_RETENTION_DAYS })}</p>
        <p className="muted">{t('capture.plan')}</p>
        <Button size="lg" block onClick={() => setStage('shooting')}>
          {t('capture.start')}
        </Button>
      </div>
    );
  } else if (stage === 'done') {
    body = (
      <div className="capture__done" data-testid="capture-done">
        <span className="capture__done-icon">
          <CheckCircleIcon />
        </span>
        <h2>{t('capture.doneTitle')}</h2>
        <p data-testid="capture-done-text">{t('capture.doneText', { count: kept })}</p>
        <p className="muted">{t('capture.doneClose')}</p>
      </div>
    );
  } else {
    const last = step + 1 >= CAPTURE_STEPS.length;
    body = (
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
          onShot={shoot}
          busy={shot !== null}
          overlay={shot && <img className="camera__still" src={shot.preview} alt="" />}
        />
        {shot && (
          <ShotResult
            shot={shot}
            last={last}
            photosLeft={photosLeft}
            onRetake={retake}
            onNext={next}
            onDone={canFinish && !last ? finish : undefined}
            onRetry={(s) => void send(s.file, s.preview)}
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

  // Its own plain frame (shared/web-routes.ts, `plain`): nothing around the task to wander off by.
  return (
    <PlainFrame>
      <div className="container capture">
        <title>{`${t('capture.title')} · Aivatar`}</title>
        <meta name="robots" content="noindex" />
        <section className="card capture__card" aria-labelledby="capture-title">
          <h1 id="capture-title">
            {link.status === 'ended' && stage !== 'done' ? t('capture.endedTitle') : t('capture.title')}
          </h1>
          {body}
        </section>
      </div>
    </PlainFrame>
  );
}

function ShotResult({
  shot,
  last,
  photosLeft,
  onRetake,
  onNext,
  onDone,
  onRetry,
}: {
  shot: Shot;
  last: boolean;
  photosLeft: number;
  onRetake: () => void;
  onNext: () => void;
  /** present once enough photos are kept (and this is not the last prompt, which finishes anyway) */
  onDone?: () => void;
  onRetry: (shot: Extract<Shot, { status: 'failed' }>) => void;
}) {
  const { t } = useTranslation();
  if (shot.status === 'checking') {
    return (
      <div className="shot-result" data-testid="shot-result" data-status="checking">
        <Spinner size="sm" />
        <p>{t('capture.checking')}</p>
      </div>
    );
  }
  if (shot.status === 'failed') {
    return (
      <div className="shot-result" data-testid="shot-result" data-status="failed">
        <Alert
          kind="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => onRetry(shot)}>
              {t('capture.tryAgain')}
            </Button>
          }
        >
          {t(shot.message)}
        </Alert>
        <Button variant="ghost" block onClick={onRetake}>
          {t('capture.retake')}
        </Button>
      </div>
    );
  }
  const { outcome } = shot;
  if (!outcome.kept) {
    return (
      <div className="shot-result" data-testid="shot-result" data-status="refused">
        <h3>{t('capture.refused')}</h3>
        <p data-testid="shot-message">{rejectionText(t, outcome.rejection)}</p>
        <Button size="lg" block onClick={onRetake} disabled={photosLeft <= 0}>
          {t('capture.retake')}
        </Button>
      </div>
    );
  }
  const hints = outcome.quality?.hints ?? [];
  const advice = [
    ...(outcome.quality?.reasons ?? []).map((r) => `capture.quality_${r}`),
    ...hints.filter((h) => !INFORMATION_HINTS.includes(h)).map((h) => `capture.hint_${h}`),
  ].filter(hasString) as TranslationKey[];
  // What the check did (turned the photo upright) is said apart: it is not something to do better.
  const information = hints
    .filter((h) => INFORMATION_HINTS.includes(h))
    .map((h) => `capture.hint_${h}`)
    .filter(hasString) as TranslationKey[];
  const score = outcome.quality ? Math.round(outcome.quality.score) : null;
  // "Looks good!" only when the score agrees and there is nothing to do better; any other shot is kept all
  // the same, with what would help ("Looks good!" over "To do even better" would contradict itself).
  const band = score === null ? 'good' : qualityBand(score);
  const praised = band === 'good' && advice.length === 0;
  return (
    <div className="shot-result" data-testid="shot-result" data-status="kept">
      <div className="shot-result__head">
        <span className="shot-result__icon">
          <CheckCircleIcon />
        </span>
        <h3 data-testid="shot-title">{praised ? t('capture.kept') : t('capture.keptFair')}</h3>
      </div>
      {score !== null && (
        <span className="shot-result__score" data-band={band} data-testid="shot-score">
          {t('capture.score', { score })}
        </span>
      )}
      {information.map((key) => (
        <p key={key} className="shot-result__info" data-testid="shot-info">
          <InfoIcon />
          {t(key)}
        </p>
      ))}
      {advice.length > 0 && (
        <div className="shot-result__advice">
          <p className="muted">{t('capture.toImprove')}</p>
          <ul>
            {advice.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="shot-result__actions">
        <Button size="lg" block onClick={onNext} data-testid="shot-next">
          {last ? t('capture.finish') : t('capture.next')}
        </Button>
        {/* The kept shot stays (a capture code cannot delete): another one is added beside it. */}
        <Button variant="secondary" block onClick={onRetake} disabled={photosLeft <= 0}>
          {t('capture.takeAnother')}
        </Button>
        {onDone && (
          <Button variant="ghost" block onClick={onDone} data-testid="capture-finish">
            {t('capture.done')}
          </Button>
        )}
      </div>
      {photosLeft <= 3 && (
        <p className="muted shot-result__left">{t('capture.photosLeft', { count: photosLeft })}</p>
      )}
    </div>
  );
}

function rejectionText(t: (key: TranslationKey) => string, rejection: Rejection): string {
  const key = `capture.reason_${rejection.reason}`;
  return hasString(key) ? t(key as TranslationKey) : t('capture.reason_unusable');
}
