// The phone's capture (capture-page.tsx) as state: the link opened from the code in the path, the stage
// (intro, shooting, done), the prompt reached, the shot being checked and its outcome, and the photos kept.
import { useEffect, useRef, useState } from 'react';
import { PHOTO_LIMITS } from '#shared/photo-rules.ts';
import { isApiError } from '../../lib/api-client.ts';
import type { TranslationKey } from '../../lib/i18n.ts';
import { type CaptureLinkKey, openLink, type ShotOutcome, uploadShot } from './capture-api.ts';

/** The five prompted shots, in order. */
export const CAPTURE_STEPS = ['straight', 'left', 'right', 'smile', 'window'] as const;
export type Step = (typeof CAPTURE_STEPS)[number];

/** Twelve characters of Crockford's base32 (shared/capture-rules.ts); hosts lower-case page paths. */
const CODE = /^[0-9A-HJKMNP-TV-Z]{12}$/;
const ENDINGS = [
  'CAPTURE_LINK_NOT_FOUND',
  'CAPTURE_LINK_EXPIRED',
  'CAPTURE_LINK_ENDED',
  'CAPTURE_LINK_IN_USE',
  'PHOTO_LIMIT_REACHED',
] as const;
export type Ending = (typeof ENDINGS)[number] | 'unreachable';

export type Link =
  | { status: 'opening' }
  | { status: 'ended'; why: Ending }
  | { status: 'open'; key: CaptureLinkKey; photosLeft: number };

export type Shot =
  | { status: 'checking'; preview: string }
  | { status: 'done'; preview: string; outcome: ShotOutcome }
  | { status: 'failed'; preview: string; file: File; message: TranslationKey };

export type Stage = 'intro' | 'shooting' | 'done';

const endingOf = (e: unknown): Ending | null => {
  if (!isApiError(e)) return null;
  if (e.status === 0) return 'unreachable';
  return (ENDINGS as readonly string[]).includes(e.code) ? (e.code as Ending) : null;
};

/** The capture's state and what the page does with it. */
export type Capture = ReturnType<typeof useCapture>;

export function useCapture(code: string) {
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

  const finish = () => {
    setShot(null);
    setStage('done');
  };

  return {
    link,
    stage,
    step,
    stepName: (CAPTURE_STEPS[step] ?? 'straight') as Step,
    shot,
    kept,
    attempt,
    photosLeft: link.status === 'open' ? link.photosLeft : 0,
    /** Enough photos kept through this link to create avatars: the capture may end here. */
    canFinish: kept >= PHOTO_LIMITS.neededForAvatars,
    /** "Try again" once the server could not be reached: the link is opened anew. */
    reopen: () => setOpening((n) => n + 1),
    start: () => setStage('shooting'),
    shoot,
    retry: (failed: Extract<Shot, { status: 'failed' }>) => void send(failed.file, failed.preview),
    retake,
    next,
    finish,
  };
}
