// /capture/:code and /fr/capture/:code: the phone's side of "Selfies from the phone" (docs/product.md). The
// desktop's QR code opens it without a password; it opens the link (this device is then the only one it
// works on), repeats what the photos are for, and takes five prompted selfies, each checked as it is taken
// (the same check and score as any upload). A refused shot is retaken; a kept one stays (the code cannot
// delete), so its button offers to take another beside it. Once the photos needed to create avatars are kept,
// "Done" ends it early. A reload goes on where the link is (the server counts the photos it received). Each
// file is named in the page's language and numbered by the link's photos, so no two have the same name. A
// used, expired, revoked or unknown code says so in the page's language. Its state is use-capture.ts.
import './strings.ts';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PHOTO_RETENTION_DAYS } from '#shared/photo-rules.ts';
import { PlainFrame } from '../../components/layout/plain-frame.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CheckCircleIcon } from '../../components/ui/shell-icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { CaptureEnded } from './components/capture-ended.tsx';
import { CaptureShooting } from './components/capture-shooting.tsx';
import { useCapture } from './use-capture.ts';
import './capture.css';

export default function CapturePage() {
  const { t } = useTranslation();
  const code = (useParams().code ?? '').toUpperCase();
  const capture = useCapture(code);
  const { link, stage, kept } = capture;

  let body: ReactNode;
  if (link.status === 'opening') {
    body = (
      <div className="capture__center">
        <Spinner label={t('capture.opening')} size="lg" />
      </div>
    );
  } else if (link.status === 'ended' && stage !== 'done') {
    body = <CaptureEnded why={link.why} kept={kept} onReopen={capture.reopen} />;
  } else if (stage === 'intro') {
    body = (
      <div className="capture__intro">
        <p data-testid="capture-purpose">{t('capture.forWhat', { days: PHOTO_RETENTION_DAYS })}</p>
        <p className="muted">{t('capture.plan')}</p>
        <Button size="lg" block onClick={capture.start}>
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
    body = <CaptureShooting capture={capture} />;
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
