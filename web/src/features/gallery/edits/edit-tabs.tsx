// The edit panel's tabs (edit-panel.tsx), one a kind of edit; the open one labels the panel's body.
import { EDIT_KINDS, type EditKindId } from '#shared/edit-rules.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** The tab's element id under the panel's `uid`. */
export const editTabId = (uid: string, kind: EditKindId) => `${uid}-tab-${kind}`;

export function EditTabs({
  uid,
  kind,
  onPick,
}: {
  uid: string;
  kind: EditKindId;
  onPick: (kind: EditKindId) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="edit-panel__tabs" role="tablist" aria-label={t('gallery.editTitle')}>
      {EDIT_KINDS.map((k) => (
        <button
          key={k}
          id={editTabId(uid, k)}
          type="button"
          role="tab"
          aria-selected={kind === k}
          aria-controls={`${uid}-body`}
          className="edit-panel__tab"
          onClick={() => onPick(k)}
          data-testid={`edit-tab-${k}`}
        >
          {t(`gallery.editKind_${k}`)}
        </button>
      ))}
    </div>
  );
}
