// "Edit" / "Modifier" on a finished avatar (docs/product.md, "Editing a finished avatar"): one thing
// changed at a time (backdrop, outfit, framing, retouch, or one brushed region), each a new version of the
// avatar, made and checked for likeness like a first render. The panel says what the edit costs and the
// balance after it before anything is sent, and a refusal in the page's language (shared/edit-rules.ts).
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { EditTaskRequest, EditTaskResult } from '../../../../../shared/api-schemas.ts';
import {
  EDIT_ASPECTS,
  EDIT_COLOUR,
  EDIT_KINDS,
  EDIT_MASK_MAX_BYTES,
  EDIT_MASK_MAX_SHARE,
  EDIT_MESSAGES,
  EDIT_PROMPT_MAX_LENGTH,
  EDIT_TOKEN_COST,
  type EditKindId,
  RETOUCH_LEVELS,
} from '../../../../../shared/edit-rules.ts';
import {
  BACKDROP_IDS,
  BACKDROP_LOOKS,
  type BackdropId,
  OUTFIT_IDS,
  type OutfitId,
} from '../../../../../shared/style-choices.ts';
import { BackdropSwatch, OutfitSwatch } from '../../../components/choices/choice-swatch.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocalizedPath } from '../../../lib/language.ts';
import { tokenBalance, useSession } from '../../../lib/session.tsx';
import { toast } from '../../../lib/toasts.ts';
import { editRefusal, type Refusal, useEditAvatar } from '../api/edits.ts';
import type { Task } from '../api/tasks.ts';
import { editsLeft } from '../versions.ts';
import { BrushCanvas } from './brush-canvas.tsx';
import { brushedShare, brushMask, type Stroke } from './brush-mask.ts';
import '../../../components/ui/form-controls.css';
import '../edit-panel.css';

type Aspect = (typeof EDIT_ASPECTS)[number];
type Level = (typeof RETOUCH_LEVELS)[number];

/** The frames' names (i18next reads ':' in a key as a namespace: the ids are not keys). */
export const ASPECT_NAMES: Record<Aspect, 'square' | 'portrait' | 'landscape' | 'banner'> = {
  '1:1': 'square',
  '4:5': 'portrait',
  '3:2': 'landscape',
  '4:1': 'banner',
};

const ratioOf = (aspect: Aspect): number => {
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  return w / h;
};

/** Plain backdrops a user picks most: the plain-colour backdrop's own blue first, then neutrals and brand-like tones. */
const PALETTE = [
  BACKDROP_LOOKS['plain-colour'].colors[0] as string,
  '#1f2937',
  '#6b7280',
  '#e5e7eb',
  '#f8fafc',
  '#0f766e',
  '#6d28d9',
  '#b91c1c',
  '#d97706',
];

/** The avatar's new canvas for a frame: its own pixels kept, the rest added (and generated) around it. */
function frameOf(width: number, height: number, aspect: Aspect) {
  const ratio = ratioOf(aspect);
  const canvas =
    width / height < ratio
      ? { width: Math.round(height * ratio), height }
      : { width, height: Math.round(width / ratio) };
  return {
    canvas,
    placement: {
      x: Math.round((canvas.width - width) / 2),
      y: Math.round((canvas.height - height) / 2),
      width,
      height,
    },
  };
}

const isCurrentFrame = (width: number, height: number, aspect: Aspect): boolean =>
  Math.abs(width / height - ratioOf(aspect)) < 0.01;

function FramePreview({ task, aspect }: { task: Task; aspect: Aspect }) {
  const { t } = useTranslation();
  const width = task.width ?? 1024;
  const height = task.height ?? 1024;
  const { canvas, placement } = frameOf(width, height, aspect);
  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  return (
    <figure className="frame-preview" data-testid="frame-preview" data-aspect={aspect}>
      <div className="frame-preview__canvas" style={{ aspectRatio: `${canvas.width} / ${canvas.height}` }}>
        {task.image_url && (
          <img
            src={task.image_url}
            alt=""
            style={{
              left: pct(placement.x, canvas.width),
              top: pct(placement.y, canvas.height),
              width: pct(placement.width, canvas.width),
              height: pct(placement.height, canvas.height),
            }}
          />
        )}
      </div>
      <figcaption>
        {t('gallery.framingPreview', { width: canvas.width, height: canvas.height })}
        {(canvas.width !== width || canvas.height !== height) && (
          <span className="frame-preview__added">{t('gallery.framingAdded')}</span>
        )}
      </figcaption>
    </figure>
  );
}

function Choice({
  picked,
  onPick,
  swatch,
  name,
  hint,
  disabled,
  testId,
  value,
}: {
  picked: boolean;
  onPick: () => void;
  swatch?: React.ReactNode;
  name: string;
  hint?: string;
  disabled?: boolean;
  testId: string;
  value: string;
}) {
  return (
    <li>
      <button
        type="button"
        className={`edit-choice${picked ? ' edit-choice--picked' : ''}`}
        aria-pressed={picked}
        onClick={onPick}
        disabled={disabled}
        data-testid={testId}
        data-choice={value}
      >
        {swatch && <span className="edit-choice__swatch">{swatch}</span>}
        <span className="edit-choice__text">
          <span className="edit-choice__name">{name}</span>
          {hint && <small>{hint}</small>}
        </span>
      </button>
    </li>
  );
}

const AspectIcon = ({ aspect }: { aspect: Aspect }) => {
  const r = ratioOf(aspect);
  const w = r >= 1 ? 36 : 36 * r;
  const h = r >= 1 ? 36 / r : 36;
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false" className="edit-choice__aspect">
      <rect x={(40 - w) / 2} y={(40 - h) / 2} width={w} height={h} rx="2" />
    </svg>
  );
};

export function EditPanel({
  task,
  versions,
  onQueued,
  onCancel,
}: {
  task: Task;
  /** the avatar's versions read so far (the edits left are counted from them) */
  versions: Task[];
  onQueued: (answer: EditTaskResult) => void;
  onCancel: () => void;
}) {
  const { t, language } = useTranslation();
  const path = useLocalizedPath();
  const { user, refreshUser } = useSession();
  const uid = useId();
  const width = task.width ?? 1024;
  const height = task.height ?? 1024;

  const [kind, setKind] = useState<EditKindId>('backdrop');
  const [backdrop, setBackdrop] = useState<BackdropId | null>(null);
  const [colour, setColour] = useState(PALETTE[0] as string);
  const [colourTyped, setColourTyped] = useState(false);
  const [outfit, setOutfit] = useState<OutfitId | null>(null);
  const [aspect, setAspect] = useState<Aspect | null>(null);
  const [level, setLevel] = useState<Level | null>(null);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [mode, setMode] = useState<Stroke['mode']>('brush');
  const [size, setSize] = useState(Math.round(Math.min(width, height) / 16));
  const [prompt, setPrompt] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [preparing, setPreparing] = useState(false);
  // One key per edit asked: a second press, or a retry after a lost answer, makes one version.
  const key = useRef<{ body: string; key: string } | null>(null);

  const edit = useEditAvatar(task, (answer) => {
    void refreshUser();
    toast.success(t('gallery.editStarted', { version: answer.version }));
    onQueued(answer);
  });

  const balance = user ? tokenBalance(user) : null;
  const short = balance !== null && balance < EDIT_TOKEN_COST;
  const left = editsLeft(versions);
  const colourOk = EDIT_COLOUR.test(colour);
  const promptLength = [...prompt].length;
  const promptLong = promptLength > EDIT_PROMPT_MAX_LENGTH;
  // Said while brushing: past EDIT_MASK_MAX_SHARE of the picture the server refuses the edit.
  const coversTooMuch = useMemo(
    () => kind === 'region' && brushedShare(strokes, width, height) > EDIT_MASK_MAX_SHARE,
    [kind, strokes, width, height],
  );

  /** What is asked, or null while the tab has nothing (valid) chosen. */
  const asked = (): Omit<EditTaskRequest, 'mask'> | null => {
    switch (kind) {
      case 'backdrop':
        if (backdrop === 'plain-colour')
          return colourOk ? { kind, backdrop, colour: colour.toLowerCase() } : null;
        return backdrop ? { kind, backdrop } : null;
      case 'outfit':
        return outfit ? { kind, outfit } : null;
      case 'framing':
        return aspect ? { kind, aspect } : null;
      case 'retouch':
        return level ? { kind, level } : null;
      case 'region':
        return prompt.trim() && !promptLong && strokes.length && !coversTooMuch
          ? { kind, prompt: prompt.trim() }
          : null;
    }
  };
  const ready = asked() !== null && !short && left > 0;

  const send = async () => {
    const base = asked();
    if (!base) return;
    setRefusal(null);
    let body: EditTaskRequest = base;
    if (base.kind === 'region') {
      setPreparing(true);
      const mask = await brushMask(strokes, width, height).finally(() => setPreparing(false));
      if (!mask.brushed) return setRefusal({ text: EDIT_MESSAGES.maskEmpty[language], short: false });
      if (mask.bytes > EDIT_MASK_MAX_BYTES)
        return setRefusal({ text: EDIT_MESSAGES.maskTooBig[language], short: false });
      body = { ...base, mask: mask.dataUrl };
    }
    const said = JSON.stringify(body);
    if (key.current?.body !== said) key.current = { body: said, key: crypto.randomUUID() };
    edit.mutate(
      { body, key: key.current.key },
      {
        onError: (e) => {
          const why = editRefusal(e, language, t);
          if (why.short) void refreshUser();
          setRefusal(why);
        },
      },
    );
  };

  const cost = t('gallery.tokens', { count: EDIT_TOKEN_COST });
  const tabId = (k: EditKindId) => `${uid}-tab-${k}`;
  const src = task.image_url ?? task.thumbnail_url;

  return (
    <section className="edit-panel" aria-labelledby={`${uid}-title`} data-testid="edit-panel">
      <header className="edit-panel__header">
        <h3 id={`${uid}-title`}>{t('gallery.editTitle')}</h3>
        <p className="muted">{t('gallery.editHint')}</p>
      </header>
      <div className="edit-panel__tabs" role="tablist" aria-label={t('gallery.editTitle')}>
        {EDIT_KINDS.map((k) => (
          <button
            key={k}
            id={tabId(k)}
            type="button"
            role="tab"
            aria-selected={kind === k}
            aria-controls={`${uid}-body`}
            className="edit-panel__tab"
            onClick={() => {
              setKind(k);
              setRefusal(null);
            }}
            data-testid={`edit-tab-${k}`}
          >
            {t(`gallery.editKind_${k}`)}
          </button>
        ))}
      </div>
      <div
        id={`${uid}-body`}
        className={`edit-panel__body edit-panel__body--${kind}`}
        role="tabpanel"
        aria-labelledby={tabId(kind)}
      >
        <div className={`edit-panel__preview edit-panel__preview--${kind}`}>
          {kind === 'region' ? (
            <BrushCanvas
              src={src}
              width={width}
              height={height}
              strokes={strokes}
              mode={mode}
              size={size}
              label={t('gallery.brushCanvas')}
              face={task.face_box}
              onStroke={(s) => setStrokes((list) => [...list, s])}
            />
          ) : kind === 'framing' && aspect ? (
            <FramePreview task={task} aspect={aspect} />
          ) : (
            src && <img className="edit-panel__image" src={src} alt="" width={width} height={height} />
          )}
        </div>
        <div className="edit-panel__options">
          {kind === 'backdrop' && (
            <>
              <p className="edit-panel__lead">{t('gallery.editLead_backdrop')}</p>
              <ul className="edit-choices edit-choices--swatches">
                {BACKDROP_IDS.map((id) => (
                  <Choice
                    key={id}
                    value={id}
                    testId="edit-backdrop"
                    picked={backdrop === id}
                    onPick={() => setBackdrop(id)}
                    swatch={<BackdropSwatch id={id} />}
                    name={t(`choices.backdrop.${id}`)}
                  />
                ))}
              </ul>
              {backdrop === 'plain-colour' && (
                <fieldset className="colour-picker" data-testid="colour-picker">
                  <legend>{t('gallery.colourPalette')}</legend>
                  <div className="colour-picker__palette">
                    {PALETTE.map((c) => (
                      <button
                        key={c}
                        type="button"
                        className="colour-picker__swatch"
                        style={{ background: c }}
                        aria-pressed={colour.toLowerCase() === c}
                        aria-label={c}
                        title={c}
                        onClick={() => {
                          setColour(c);
                          setColourTyped(false);
                        }}
                      />
                    ))}
                  </div>
                  <div className={`field${colourTyped && !colourOk ? ' field--invalid' : ''}`}>
                    <label className="field__label" htmlFor={`${uid}-colour`}>
                      {t('gallery.colourLabel')}
                    </label>
                    <div className="colour-picker__typed">
                      <span
                        className="colour-picker__shown"
                        style={{ background: colourOk ? colour : 'transparent' }}
                        aria-hidden="true"
                      />
                      <input
                        id={`${uid}-colour`}
                        className="field__input"
                        value={colour}
                        maxLength={7}
                        spellCheck={false}
                        autoComplete="off"
                        aria-invalid={colourTyped && !colourOk ? true : undefined}
                        aria-describedby={colourTyped && !colourOk ? `${uid}-colour-error` : undefined}
                        onChange={(e) => {
                          setColour(e.target.value.trim());
                          setColourTyped(true);
                        }}
                        data-testid="edit-colour"
                      />
                    </div>
                    {colourTyped && !colourOk && (
                      <p id={`${uid}-colour-error`} className="field__error" data-testid="colour-error">
                        {EDIT_MESSAGES.colour[language]}
                      </p>
                    )}
                  </div>
                </fieldset>
              )}
            </>
          )}
          {kind === 'outfit' && (
            <>
              <p className="edit-panel__lead">{t('gallery.editLead_outfit')}</p>
              <ul className="edit-choices edit-choices--swatches">
                {OUTFIT_IDS.map((id) => (
                  <Choice
                    key={id}
                    value={id}
                    testId="edit-outfit"
                    picked={outfit === id}
                    onPick={() => setOutfit(id)}
                    swatch={<OutfitSwatch id={id} />}
                    name={t(`choices.outfit.${id}`)}
                  />
                ))}
              </ul>
            </>
          )}
          {kind === 'framing' && (
            <>
              <p className="edit-panel__lead">{t('gallery.editLead_framing')}</p>
              <ul className="edit-choices">
                {EDIT_ASPECTS.map((a) => {
                  const current = isCurrentFrame(width, height, a);
                  return (
                    <Choice
                      key={a}
                      value={a}
                      testId="edit-aspect"
                      picked={aspect === a}
                      onPick={() => setAspect(a)}
                      disabled={current}
                      swatch={<AspectIcon aspect={a} />}
                      name={t(`gallery.aspect_${ASPECT_NAMES[a]}`)}
                      hint={current ? `${a} · ${t('gallery.framingCurrent')}` : a}
                    />
                  );
                })}
              </ul>
            </>
          )}
          {kind === 'retouch' && (
            <>
              <p className="edit-panel__lead">{t('gallery.editLead_retouch')}</p>
              <ul className="edit-choices">
                {RETOUCH_LEVELS.map((l) => (
                  <Choice
                    key={l}
                    value={l}
                    testId="edit-level"
                    picked={level === l}
                    onPick={() => setLevel(l)}
                    name={t(`gallery.retouch_${l}`)}
                    hint={t(`gallery.retouchHint_${l}`)}
                  />
                ))}
              </ul>
            </>
          )}
          {kind === 'region' && (
            <>
              <p className="edit-panel__lead">{t('gallery.editLead_region')}</p>
              <div className="brush-tools" role="toolbar" aria-label={t('gallery.brushTools')}>
                {(['brush', 'eraser'] as const).map((m) => (
                  <button
                    key={m}
                    type="button"
                    className="brush-tools__mode"
                    aria-pressed={mode === m}
                    onClick={() => setMode(m)}
                    data-testid={`brush-${m}`}
                  >
                    {t(`gallery.brush_${m}`)}
                  </button>
                ))}
                <button
                  type="button"
                  className="brush-tools__mode"
                  onClick={() => setStrokes((list) => list.slice(0, -1))}
                  disabled={!strokes.length}
                  data-testid="brush-undo"
                >
                  {t('gallery.brushUndo')}
                </button>
                <button
                  type="button"
                  className="brush-tools__mode"
                  onClick={() => setStrokes([])}
                  disabled={!strokes.length}
                  data-testid="brush-clear"
                >
                  {t('gallery.brushClear')}
                </button>
              </div>
              <label className="brush-size">
                <span>{t('gallery.brushSize')}</span>
                <input
                  type="range"
                  min={Math.max(4, Math.round(Math.min(width, height) / 100))}
                  max={Math.round(Math.min(width, height) / 5)}
                  value={size}
                  onChange={(e) => setSize(Number(e.target.value))}
                  data-testid="brush-size"
                />
              </label>
              {coversTooMuch && (
                <p className="field__error" role="alert" data-testid="brush-too-much">
                  {EDIT_MESSAGES.maskTooLarge[language]}
                </p>
              )}
              <div className={`field${promptLong ? ' field--invalid' : ''}`}>
                <label className="field__label" htmlFor={`${uid}-prompt`}>
                  {t('gallery.regionPrompt')}
                </label>
                <textarea
                  id={`${uid}-prompt`}
                  className="field__input edit-panel__prompt"
                  rows={3}
                  value={prompt}
                  placeholder={t('gallery.regionPromptExample')}
                  aria-invalid={promptLong ? true : undefined}
                  aria-describedby={`${uid}-count`}
                  onChange={(e) => setPrompt(e.target.value)}
                  data-testid="region-prompt"
                />
                <p
                  id={`${uid}-count`}
                  className={`edit-panel__count${promptLong ? ' edit-panel__count--over' : ''}`}
                  aria-live="polite"
                  data-testid="prompt-count"
                >
                  {t('gallery.regionPromptCount', { count: promptLength, max: EDIT_PROMPT_MAX_LENGTH })}
                </p>
                {promptLong && (
                  <p className="field__error" data-testid="prompt-error">
                    {EDIT_MESSAGES.promptTooLong[language]}
                  </p>
                )}
              </div>
            </>
          )}
        </div>
      </div>
      {left === 0 && <Alert kind="info">{EDIT_MESSAGES.limit[language]}</Alert>}
      {short && !refusal && (
        <Alert kind="error">
          {t('gallery.tryAgainShort', { needed: EDIT_TOKEN_COST, available: balance ?? 0 })}{' '}
          <Link to={path('pricing')}>{t('gallery.buyTokens')}</Link>
        </Alert>
      )}
      {refusal && (
        <div data-testid="edit-refusal">
          <Alert kind="error">
            {refusal.text} {refusal.short && <Link to={path('pricing')}>{t('gallery.buyTokens')}</Link>}
          </Alert>
        </div>
      )}
      <footer className="edit-panel__footer">
        <p className="edit-panel__cost" data-testid="edit-cost">
          <span>{t('gallery.editCost', { cost })}</span>
          {balance !== null && (
            <span data-testid="edit-balance-after">
              {t('gallery.editBalanceAfter', {
                balance: t('gallery.tokens', { count: Math.max(0, balance - EDIT_TOKEN_COST) }),
              })}
            </span>
          )}
          {left > 0 && <span className="muted">{t('gallery.editsLeft', { count: left })}</span>}
        </p>
        <div className="edit-panel__actions">
          <Button variant="secondary" onClick={onCancel} disabled={edit.isPending}>
            {t('gallery.cancel')}
          </Button>
          <Button
            onClick={() => void send()}
            loading={edit.isPending || preparing}
            disabled={!ready}
            data-testid="edit-send"
          >
            {t('gallery.editSend', { cost })}
          </Button>
        </div>
      </footer>
    </section>
  );
}
