// "Edit" / "Modifier" on a finished avatar (docs/product.md, "Editing a finished avatar"): one thing
// changed at a time (backdrop, outfit, framing, retouch, or one brushed region), each a new version of the
// avatar, made and checked for likeness like a first render. The panel says what the edit costs and the
// balance after it before anything is sent, and a refusal in the page's language (shared/edit-rules.ts).
// The shell: its state is edit-panel-state.ts's reducer, each kind of edit its own tab (*-tab.tsx).
import { useId, useMemo, useReducer, useRef } from 'react';
import type { EditTaskRequest, EditTaskResult } from '#shared/api-schemas.ts';
import {
  EDIT_MASK_MAX_BYTES,
  EDIT_MASK_MAX_SHARE,
  EDIT_MESSAGES,
  EDIT_TOKEN_COST,
} from '#shared/edit-rules.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { tokenBalance, useSession } from '../../../lib/session.tsx';
import { toast } from '../../../lib/toasts.ts';
import { editRefusal, type Refusal, useEditAvatar } from '../api/edits.ts';
import type { Task } from '../api/tasks.ts';
import { editsLeft } from '../versions.ts';
import { BackdropTab } from './backdrop-tab.tsx';
import { brushedShare, brushMask } from './brush-mask.ts';
import { EditFooter } from './edit-footer.tsx';
import { askedEdit, editPanelReducer, initialEditState } from './edit-panel-state.ts';
import { EditPreview } from './edit-preview.tsx';
import { EditTabs, editTabId } from './edit-tabs.tsx';
import { FramingTab } from './framing-tab.tsx';
import { OutfitTab } from './outfit-tab.tsx';
import { RegionTab } from './region-tab.tsx';
import { RetouchTab } from './retouch-tab.tsx';
import '../../../components/ui/form-controls.css';
import '../edit-panel.css';

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
  const { user, refreshUser } = useSession();
  const uid = useId();
  const width = task.width ?? 1024;
  const height = task.height ?? 1024;
  const [state, dispatch] = useReducer(editPanelReducer, { width, height }, initialEditState);
  const { kind, strokes } = state;
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
  // Said while brushing: past EDIT_MASK_MAX_SHARE of the picture the server refuses the edit.
  const coversTooMuch = useMemo(
    () => kind === 'region' && brushedShare(strokes, width, height) > EDIT_MASK_MAX_SHARE,
    [kind, strokes, width, height],
  );
  const asked = askedEdit(state, coversTooMuch);
  const ready = asked !== null && !short && left > 0;

  const refuse = (refusal: Refusal | null) => dispatch({ type: 'refused', refusal });
  const send = async () => {
    if (!asked) return;
    refuse(null);
    let body: EditTaskRequest = asked;
    if (asked.kind === 'region') {
      dispatch({ type: 'preparing', preparing: true });
      const mask = await brushMask(strokes, width, height).finally(() => {
        dispatch({ type: 'preparing', preparing: false });
      });
      const refused = !mask.brushed ? 'maskEmpty' : mask.bytes > EDIT_MASK_MAX_BYTES ? 'maskTooBig' : null;
      if (refused) return refuse({ text: EDIT_MESSAGES[refused][language], short: false });
      body = { ...asked, mask: mask.dataUrl };
    }
    const said = JSON.stringify(body);
    if (key.current?.body !== said) key.current = { body: said, key: crypto.randomUUID() };
    edit.mutate(
      { body, key: key.current.key },
      {
        onError: (e) => {
          const why = editRefusal(e, language, t);
          if (why.short) void refreshUser();
          refuse(why);
        },
      },
    );
  };

  const tab = { state, dispatch };

  return (
    <section className="edit-panel" aria-labelledby={`${uid}-title`} data-testid="edit-panel">
      <header className="edit-panel__header">
        <h3 id={`${uid}-title`}>{t('gallery.editTitle')}</h3>
        <p className="muted">{t('gallery.editHint')}</p>
      </header>
      <EditTabs uid={uid} kind={kind} onPick={(k) => dispatch({ type: 'tab', kind: k })} />
      <div
        id={`${uid}-body`}
        className={`edit-panel__body edit-panel__body--${kind}`}
        role="tabpanel"
        aria-labelledby={editTabId(uid, kind)}
      >
        <EditPreview task={task} width={width} height={height} {...tab} />
        <div className="edit-panel__options">
          {kind === 'backdrop' && <BackdropTab uid={uid} {...tab} />}
          {kind === 'outfit' && <OutfitTab {...tab} />}
          {kind === 'framing' && <FramingTab width={width} height={height} {...tab} />}
          {kind === 'retouch' && <RetouchTab {...tab} />}
          {kind === 'region' && (
            <RegionTab uid={uid} width={width} height={height} coversTooMuch={coversTooMuch} {...tab} />
          )}
        </div>
      </div>
      <EditFooter
        left={left}
        balance={balance}
        refusal={state.refusal}
        sending={edit.isPending}
        preparing={state.preparing}
        ready={ready}
        onCancel={onCancel}
        onSend={() => void send()}
      />
    </section>
  );
}
