// The audit log at the bottom of the screen: who changed which style, when, and what changed.
import type { AdminStyle, StyleAuditEntry } from '#shared/api-schemas.ts';
import { formatDate } from '../../../lib/dates.ts';
import { type TFunction, useTranslation } from '../../../lib/i18n.ts';

const FIELDS: (keyof AdminStyle)[] = [
  'name',
  'category',
  'description',
  'image_url',
  'prompt',
  'token_cost',
  'is_active',
  'format',
];

function details(e: StyleAuditEntry, t: TFunction): string {
  if (e.action === 'import')
    return t('admin.audit.imported', { added: e.added ?? 0, skipped: e.skipped ?? 0 });
  const style = e.after ?? e.before;
  const label = style ? `#${style.id} ${style.name}` : `#${e.style_id ?? '?'}`;
  if (e.action !== 'update' || !e.before || !e.after) return label;
  const { before, after } = e;
  const changed = FIELDS.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
  return changed.length ? `${label} · ${t('admin.audit.changed')} ${changed.join(', ')}` : label;
}

export function AuditLog({ entries, failed }: { entries: StyleAuditEntry[] | null; failed: boolean }) {
  const { t } = useTranslation('fr');
  return (
    <section className="card admin-audit" aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title">{t('admin.audit.title')}</h2>
      {failed && <p className="field__error">{t('admin.audit.loadFailed')}</p>}
      {entries && entries.length === 0 && <p className="muted">{t('admin.audit.empty')}</p>}
      {entries && entries.length > 0 && (
        <div className="admin-table__scroll">
          <table className="admin-table admin-table--audit">
            <thead>
              <tr>
                <th scope="col">{t('admin.audit.when')}</th>
                <th scope="col">{t('admin.audit.who')}</th>
                <th scope="col">{t('admin.audit.what')}</th>
                <th scope="col">{t('admin.audit.details')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td className="admin-audit__when">{formatDate(e.at, 'dateTime', 'fr')}</td>
                  <td>{e.actor.email}</td>
                  <td>{t(`admin.audit.actions.${e.action}`)}</td>
                  <td>{details(e, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
