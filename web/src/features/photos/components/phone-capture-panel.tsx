// "Use your phone" on Manage Photos (docs/product.md, "Selfies from the phone"): once both consents are
// given here, a capture link as a QR code (drawn here, by qrcode-generator, no outside service) and a short
// link, the time it has left, the photos that arrived, and Close (the link ends). While a link is live the
// photo list and the link's state are read every few seconds, so the phone's shots appear without a reload.
// A link outlives the page (15 minutes on the phone): on arrival the panel reads the account's current link
// and, while it is live, shows it again as it was left, rather than offering a new one that would end it.
// Not offered on a phone-width screen (photos.css): that user is already holding the phone.
import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useState, useSyncExternalStore } from 'react';
import type { CaptureLink, CaptureLinkState } from '#shared/api-schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/shell-icons.tsx';
import { api } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { routeQuery, routeQueryOrNone } from '../../../lib/server-state.tsx';
import { photosChanged } from '../api/photo-list.ts';

/** How often the list and the link are read while a link is live: the contract's 2-3 s. */
export const CAPTURE_POLL_MS = 2500;

/** Where photos.css shows the panel (it hides it at max-width 640px): elsewhere no link is read. */
const PANEL_SHOWN = '(min-width: 641px)';

function usePanelShown(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const media = window.matchMedia(PANEL_SHOWN);
      media.addEventListener('change', changed);
      return () => media.removeEventListener('change', changed);
    },
    () => window.matchMedia(PANEL_SHOWN).matches,
    () => false,
  );
}

/** A link the phone can still use: not ended, expired or out of time. */
const isLive = (s: CaptureLinkState | null | undefined): s is CaptureLinkState =>
  !!s && (s.status === 'waiting' || s.status === 'open') && Date.parse(s.expires_at) > Date.now();

const PhoneIcon = () => (
  <Icon>
    <rect x="6" y="2" width="12" height="20" rx="2.5" />
    <path d="M11 18h2" />
  </Icon>
);

/** The QR code of `text` as one SVG path, one unit per module, with a two-module quiet zone. */
function useQrPath(text: string | null): { path: string; size: number } | null {
  const [drawn, setDrawn] = useState<{ text: string; path: string; size: number } | null>(null);
  useEffect(() => {
    if (!text) return;
    let current = true;
    // Its own chunk: only a desktop that asks for a code downloads the encoder.
    void import('qrcode-generator').then(({ default: qrcode }) => {
      if (!current) return;
      const qr = qrcode(0, 'M');
      qr.addData(text);
      qr.make();
      const count = qr.getModuleCount();
      let path = '';
      for (let row = 0; row < count; row++)
        for (let col = 0; col < count; col++)
          if (qr.isDark(row, col)) path += `M${col + 2} ${row + 2}h1v1h-1z`;
      setDrawn({ text, path, size: count + 4 });
    });
    return () => {
      current = false;
    };
  }, [text]);
  return drawn && drawn.text === text ? drawn : null;
}

/** Seconds until `iso`, counted down once a second; null without a time. */
function useSecondsLeft(iso: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  if (!iso) return null;
  return Math.max(0, Math.round((Date.parse(iso) - now) / 1000));
}

const clock = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The link as the phone reads it: no scheme, for typing from the screen; lines break after a slash only. */
function ShortLink({ url }: { url: string }) {
  const parts = url.replace(/^https?:\/\//, '').split('/');
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
    <Fragment key={i}>
      {i > 0 && (
        <>
          /<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
}

export function PhoneCapturePanel({ consentGiven }: { consentGiven: boolean }) {
  const { t, language } = useTranslation();
  const [link, setLink] = useState<CaptureLink | null>(null);
  const [making, setMaking] = useState(false);
  const [closing, setClosing] = useState(false);
  const [failed, setFailed] = useState(false);
  const [madeAt, setMadeAt] = useState(0);
  const secondsLeft = useSecondsLeft(link?.expires_at ?? null);
  // Until the first read since arriving has answered: a link made before (another visit, a reload) may
  // still be live. Read only where the panel shows and a link could have been made (both consents).
  const [arrivedAt] = useState(() => Date.now());
  const [restoring, setRestoring] = useState(true);
  const shown = usePanelShown();
  const checking = restoring && shown && consentGiven;
  const read = useQuery({
    // The account's latest capture link: `null` when it has none.
    ...routeQueryOrNone('currentCaptureLink'),
    refetchInterval: link !== null ? CAPTURE_POLL_MS : false,
    enabled: link !== null || checking,
  });
  // Only what was read after this link was made (the cache may still hold an earlier link's state).
  const state = read.data !== undefined && read.dataUpdatedAt >= madeAt ? read.data : undefined;
  // The state of this link only (a newer link, made in another tab, ends this one; none at all, too).
  const mine = state && link && state.code === link.code ? state : null;
  const ended =
    link !== null &&
    (secondsLeft === 0 ||
      mine?.status === 'ended' ||
      mine?.status === 'expired' ||
      (state !== undefined && !mine));

  // The first answer since arriving, not what the cache kept from an earlier visit (a link closed since).
  const fresh = read.data !== undefined && read.dataUpdatedAt >= arrivedAt ? read.data : undefined;
  const gaveUp = read.isError && read.errorUpdatedAt >= arrivedAt;
  useEffect(() => {
    if (!restoring || (fresh === undefined && !gaveUp)) return;
    setRestoring(false);
    if (!isLive(fresh)) return;
    setMadeAt(arrivedAt);
    setLink({ code: fresh.code, url: fresh.url, expires_at: fresh.expires_at });
  }, [restoring, fresh, gaveUp, arrivedAt]);
  const live = link !== null && !ended;
  // The photo list, read again while the phone may be adding to it (the screen's own read shows it).
  useQuery({ ...routeQuery('listPhotos'), enabled: live, refetchInterval: CAPTURE_POLL_MS });
  const qr = useQrPath(live ? link.url : null);

  const make = async () => {
    setMaking(true);
    setFailed(false);
    setRestoring(false);
    try {
      const made = await api('createCaptureLink', { body: { language } });
      setMadeAt(Date.now());
      setLink(made);
    } catch (e) {
      console.error('Capture link', e);
      setFailed(true);
    } finally {
      setMaking(false);
    }
  };

  const close = async () => {
    if (!link) return;
    setClosing(true);
    try {
      if (!ended) await api('revokeCaptureLink', { params: { code: link.code } });
    } catch (e) {
      // Closed here all the same: the link still ends by itself within 15 minutes.
      console.error('Closing the capture link', e);
    } finally {
      setClosing(false);
      setLink(null);
      void photosChanged();
    }
  };

  const arrived = mine?.photos_added ?? 0;
  return (
    <section
      className="card panel-card phone-capture"
      aria-labelledby="phone-capture-title"
      data-testid="phone-capture"
    >
      <header className="retention__header">
        <span className="panel-card__icon">
          <PhoneIcon />
        </span>
        <h2 id="phone-capture-title">{t('photos.phoneTitle')}</h2>
      </header>
      {!link && (
        <>
          <p className="phone-capture__text">{t('photos.phoneText')}</p>
          {!consentGiven && (
            <p className="phone-capture__text" data-testid="phone-consent-first">
              {t('photos.phoneConsentFirst')}
            </p>
          )}
          {failed && (
            <p className="phone-capture__error" role="alert">
              {t('photos.phoneFailed')}
            </p>
          )}
          {/* Not while a live link may be found: a new one would end it on the phone. */}
          <Button
            variant="secondary"
            block
            onClick={make}
            loading={making || checking}
            disabled={!consentGiven}
          >
            {t('photos.phoneStart')}
          </Button>
        </>
      )}
      {link && live && (
        <>
          <p className="phone-capture__text">{t('photos.phoneScan')}</p>
          <div className="phone-capture__qr">
            {qr ? (
              <svg
                viewBox={`0 0 ${qr.size} ${qr.size}`}
                role="img"
                aria-label={t('photos.phoneQr')}
                shapeRendering="crispEdges"
                data-testid="phone-qr"
              >
                <rect width={qr.size} height={qr.size} fill="#fff" />
                <path d={qr.path} fill="#1a1730" />
              </svg>
            ) : (
              <span className="phone-capture__qr-placeholder" />
            )}
          </div>
          <p className="phone-capture__link">
            <span className="muted">{t('photos.phoneOrOpen')}</span>{' '}
            <a
              className="phone-capture__url"
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="phone-link"
            >
              <ShortLink url={link.url} />
            </a>
          </p>
          <dl className="phone-capture__facts">
            <div>
              <dt>{t('photos.phoneTimeLeft')}</dt>
              <dd data-testid="phone-time-left">{clock(secondsLeft ?? 0)}</dd>
            </div>
            <div>
              <dt>{t('photos.phoneArrivedLabel')}</dt>
              <dd data-testid="phone-arrived">{arrived}</dd>
            </div>
          </dl>
          <p className="phone-capture__status" role="status" data-testid="phone-status">
            {mine?.status === 'open' ? t('photos.phoneConnected') : t('photos.phoneWaiting')}
          </p>
          <Button variant="ghost" block onClick={close} loading={closing}>
            {t('photos.phoneClose')}
          </Button>
        </>
      )}
      {link && ended && (
        <>
          <p className="phone-capture__text" data-testid="phone-ended">
            {mine?.status === 'expired' || secondsLeft === 0
              ? t('photos.phoneExpired')
              : t('photos.phoneEnded')}{' '}
            {t('photos.phoneArrived', { count: mine?.photos_added ?? 0 })}
          </p>
          <Button variant="secondary" block onClick={make} loading={making} disabled={!consentGiven}>
            {t('photos.phoneAgain')}
          </Button>
        </>
      )}
    </section>
  );
}
