// The styles list: search over name, category, description and format, sortable columns,
// the total count, inactive styles faded, and delete on a second click on Confirmer.
import { useMemo, useState } from 'react';
import type { AdminStyle } from '../../../../../shared/api-schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ADMIN_TEXT as T } from '../admin-strings.ts';

type SortKey = 'id' | 'name' | 'category' | 'token_cost' | 'format' | 'is_active';
const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'id', label: T.columns.id },
  { key: 'name', label: T.columns.name },
  { key: 'category', label: T.columns.category },
  { key: 'token_cost', label: T.columns.cost },
  { key: 'format', label: T.columns.format },
  { key: 'is_active', label: T.columns.active },
];

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

function compare(a: AdminStyle, b: AdminStyle, key: SortKey): number {
  const x = a[key];
  const y = b[key];
  if (typeof x === 'string' && typeof y === 'string') return collator.compare(x, y);
  return Number(x) - Number(y);
}

function matches(style: AdminStyle, query: string): boolean {
  const q = query.trim().toLocaleLowerCase('fr');
  if (!q) return true;
  return [style.name, style.category, style.description, style.format].some((v) =>
    v.toLocaleLowerCase('fr').includes(q),
  );
}

interface Props {
  styles: AdminStyle[];
  onEdit(style: AdminStyle): void;
  onDelete(style: AdminStyle): Promise<void>;
}

export function StyleTable({ styles, onEdit, onDelete }: Props) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: 'id', descending: false });
  const [confirming, setConfirming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const shown = useMemo(() => {
    const list = styles.filter((s) => matches(s, query));
    list.sort((a, b) => compare(a, b, sort.key) * (sort.descending ? -1 : 1) || a.id - b.id);
    return list;
  }, [styles, query, sort]);

  const sortBy = (key: SortKey) =>
    setSort((s) => ({ key, descending: s.key === key ? !s.descending : false }));

  const remove = async (style: AdminStyle) => {
    setDeleting(style.id);
    try {
      await onDelete(style);
    } finally {
      setDeleting(null);
      setConfirming(null);
    }
  };

  return (
    <div className="admin-list">
      <div className="admin-list__bar">
        <label className="field admin-list__search">
          <span className="field__label">{T.search}</span>
          <input
            type="search"
            className="field__input"
            value={query}
            placeholder={T.searchPlaceholder}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
        <p className="admin-list__count" aria-live="polite">
          {query.trim() ? T.shown(shown.length, styles.length) : T.total(styles.length)}
        </p>
      </div>
      <div className="admin-table__scroll">
        <table className="admin-table">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={sort.key === c.key ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                  className={`admin-table__col--${c.key}`}
                >
                  <button
                    type="button"
                    className="admin-table__sort"
                    onClick={() => sortBy(c.key)}
                    title={T.sortBy(c.label)}
                  >
                    {c.label}
                    <span aria-hidden="true" className="admin-table__arrow">
                      {sort.key === c.key ? (sort.descending ? '▼' : '▲') : '↕'}
                    </span>
                  </button>
                </th>
              ))}
              <th scope="col" className="admin-table__col--actions">
                <span className="visually-hidden">{T.columns.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((s) => (
              <tr
                key={s.id}
                className={s.is_active ? undefined : 'admin-table__row--inactive'}
                data-style-id={s.id}
              >
                <td className="admin-table__col--id">{s.id}</td>
                <td className="admin-table__name">
                  <span className="admin-table__name-text">{s.name}</span>
                  {s.description && <span className="admin-table__description">{s.description}</span>}
                </td>
                <td>{s.category}</td>
                <td className="admin-table__col--token_cost">{s.token_cost}</td>
                <td>{s.format}</td>
                <td>
                  <span className={`admin-badge admin-badge--${s.is_active ? 'on' : 'off'}`}>
                    {s.is_active ? T.yes : T.no}
                  </span>
                </td>
                <td className="admin-table__actions">
                  <div className="admin-table__buttons">
                    {confirming === s.id ? (
                      <>
                        <Button
                          variant="danger"
                          size="sm"
                          loading={deleting === s.id}
                          onClick={() => remove(s)}
                        >
                          {T.confirm}
                        </Button>
                        <Button variant="ghost" size="sm" onClick={() => setConfirming(null)}>
                          {T.cancel}
                        </Button>
                      </>
                    ) : (
                      <>
                        <Button variant="secondary" size="sm" onClick={() => onEdit(s)}>
                          {T.edit}
                        </Button>
                        <Button variant="ghost" size="sm" onClick={() => setConfirming(s.id)}>
                          {T.delete}
                        </Button>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown.length === 0 && <p className="admin-list__empty">{T.empty}</p>}
      </div>
    </div>
  );
}
