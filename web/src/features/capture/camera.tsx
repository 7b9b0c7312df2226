// The front camera inside an oval guide (getUserMedia, facingMode 'user'), or, when the browser refuses
// it or has none, a file input that opens the phone's own camera app (capture="user"). Either way a
// shot arrives as a File: the camera's frame drawn to a canvas and encoded as JPEG.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../lib/i18n.ts';

type CameraState = 'starting' | 'live' | 'unavailable';

const JPEG_QUALITY = 0.92;
/** Kinds the upload takes as they are; anything else (HEIC, say) is re-encoded when the browser can read it. */
const TAKEN_AS_IS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

function canvasToFile(canvas: HTMLCanvasElement, name: string): Promise<File> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) =>
        blob ? resolve(new File([blob], name, { type: 'image/jpeg' })) : reject(new Error('No JPEG')),
      'image/jpeg',
      JPEG_QUALITY,
    );
  });
}

/** The picked file under the shot's name (the desktop lists it so), re-encoded when the upload cannot take it. */
async function asUploadable(file: File, name: string): Promise<File> {
  const kind = TAKEN_AS_IS[file.type];
  if (kind) return new File([file], `${name}.${kind}`, { type: file.type });
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    return await canvasToFile(canvas, `${name}.jpg`);
  } catch {
    // The server says what is wrong with it.
    return file;
  }
}

/**
 * The oval the face goes in, the rest of the frame dimmed: one path, the frame with the oval cut out
 * (even-odd), stretched with the 3:4 frame; the oval's line keeps its width whatever the stretch.
 */
const OvalGuide = () => (
  <svg className="camera__oval" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
    <path
      fillRule="evenodd"
      fill="rgb(26 23 48 / 0.5)"
      d="M0 0H100V100H0Z M16 48a34 38 0 1 0 68 0a34 38 0 1 0 -68 0Z"
    />
    <ellipse
      cx="50"
      cy="48"
      rx="34"
      ry="38"
      fill="none"
      stroke="#fff"
      strokeWidth="3"
      vectorEffect="non-scaling-stroke"
    />
  </svg>
);

export function Camera({
  attempt,
  shotName,
  onShot,
  busy,
  overlay,
}: {
  /** changes for each new shot: the file input starts empty again */
  attempt: number;
  /** the file name of the next shot (without extension) */
  shotName: string;
  onShot: (file: File) => void;
  /** a shot is being checked: no new one */
  busy: boolean;
  /** drawn over the camera (the last shot while it is checked or shown) */
  overlay?: ReactNode;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('unavailable');
        return;
      }
      try {
        const got = await navigator.mediaDevices.getUserMedia({
          // Photos under 1024 px on their short side get the "Low resolution" hint: ask for more.
          video: { facingMode: 'user', width: { ideal: 1920 }, height: { ideal: 1440 } },
          audio: false,
        });
        if (stopped) {
          for (const track of got.getTracks()) track.stop();
          return;
        }
        stream = got;
        const element = video.current;
        if (!element) return;
        element.srcObject = got;
        await element.play().catch(() => undefined);
        setState('live');
      } catch (e) {
        console.error('Camera', e);
        if (!stopped) setState('unavailable');
      }
    };
    void start();
    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  const shoot = async () => {
    const element = video.current;
    if (!element?.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')?.drawImage(element, 0, 0);
    onShot(await canvasToFile(canvas, `${shotName}.jpg`));
  };

  const picked = async (file: File | undefined) => {
    if (file) onShot(await asUploadable(file, shotName));
  };

  return (
    <div className="camera" data-state={state}>
      <div className="camera__frame">
        {/* The preview is mirrored, as phones show selfies; the shot itself is not. */}
        <video ref={video} className="camera__video" playsInline muted />
        {state !== 'unavailable' && <OvalGuide />}
        {state === 'starting' && (
          <div className="camera__cover">
            <Spinner label={t('capture.cameraStarting')} />
          </div>
        )}
        {state === 'unavailable' && !overlay && (
          <div className="camera__cover camera__cover--plain">
            <p>{t('capture.noCamera')}</p>
          </div>
        )}
        {overlay && <div className="camera__overlay">{overlay}</div>}
      </div>
      {!overlay && state === 'live' && (
        <p className="camera__guide muted" data-testid="camera-guide">
          {t('capture.guide')}
        </p>
      )}
      {!overlay &&
        (state === 'unavailable' ? (
          <label className="btn btn--primary btn--lg btn--block camera__pick">
            {t('capture.takeWithPhone')}
            <input
              key={attempt}
              className="visually-hidden"
              type="file"
              accept="image/*"
              capture="user"
              data-testid="capture-file"
              disabled={busy}
              onChange={(e) => void picked(e.target.files?.[0])}
            />
          </label>
        ) : (
          <Button size="lg" block onClick={() => void shoot()} disabled={busy || state !== 'live'}>
            {t('capture.shoot')}
          </Button>
        ))}
    </div>
  );
}
