// The audit log at the bottom of the screen: who changed which style, when, and what changed.
import type { AdminStyle, StyleAuditEntry } from '../../../../../shared/api-schemas.ts';
import { formatDate } from '../../../lib/dates.ts';
import { ADMIN_TEXT as T } from '../admin-strings.ts';

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

function details(e: StyleAuditEntry): string {
  if (e.action === 'import') return T.audit.imported(e.added ?? 0, e.skipped ?? 0);
  const style = e.after ?? e.before;
  const label = style ? `#${style.id} ${style.name}` : `#${e.style_id ?? '?'}`;
  if (e.action !== 'update' || !e.before || !e.after) return label;
  const { before, after } = e;
  const changed = FIELDS.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
  return changed.length ? `${label} · ${T.audit.changed} ${changed.join(', ')}` : label;
}

export function AuditLog({ entries, failed }: { entries: StyleAuditEntry[] | null; failed: boolean }) {
  return (
    <section className="card admin-audit" aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title">{T.audit.title}</h2>
      {failed && <p className="field__error">{T.audit.loadFailed}</p>}
      {entries && entries.length === 0 && <p className="muted">{T.audit.empty}</p>}
      {entries && entries.length > 0 && (
        <div className="admin-table__scroll">
          <table className="admin-table admin-table--audit">
            <thead>
              <tr>
                <th scope="col">{T.audit.when}</th>
                <th scope="col">{T.audit.who}</th>
                <th scope="col">{T.audit.what}</th>
                <th scope="col">{T.audit.details}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td className="admin-audit__when">{formatDate(e.at, 'dateTime', 'fr')}</td>
                  <td>{e.actor.email}</td>
                  <td>{T.audit.actions[e.action]}</td>
                  <td>{details(e)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
