// The styles list: search over name, category, description and format, sortable columns,
// the total count, inactive styles faded, and delete on a second click on Confirmer.
import { useMemo, useState } from 'react';
import type { AdminStyle } from '#shared/api-schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { type TranslationKey, useTranslation } from '../../../lib/i18n.ts';

type SortKey = 'id' | 'name' | 'category' | 'token_cost' | 'format' | 'is_active';
const COLUMNS = [
  { key: 'id', label: 'admin.columns.id' },
  { key: 'name', label: 'admin.columns.name' },
  { key: 'category', label: 'admin.columns.category' },
  { key: 'token_cost', label: 'admin.columns.cost' },
  { key: 'format', label: 'admin.columns.format' },
  { key: 'is_active', label: 'admin.columns.active' },
] as const satisfies readonly { key: SortKey; label: TranslationKey }[];

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
  const { t } = useTranslation('fr');
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
          <span className="field__label">{t('admin.search')}</span>
          <input
            type="search"
            className="field__input"
            value={query}
            placeholder={t('admin.searchPlaceholder')}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
        <p className="admin-list__count" aria-live="polite">
          {query.trim()
            ? t('admin.shown', { shown: shown.length, total: styles.length })
            : t('admin.total', { count: styles.length })}
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
                    title={t('admin.sortBy', { column: t(c.label) })}
                  >
                    {t(c.label)}
                    <span aria-hidden="true" className="admin-table__arrow">
                      {sort.key === c.key ? (sort.descending ? '▼' : '▲') : '↕'}
                    </span>
                  </button>
                </th>
              ))}
              <th scope="col" className="admin-table__col--actions">
                <span className="visually-hidden">{t('admin.columns.actions')}</span>
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
                    {t(s.is_active ? 'admin.yes' : 'admin.no')}
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
                          {t('admin.confirm')}
                        </Button>
                        <Button variant="ghost" size="sm" onClick={() => setConfirming(null)}>
                          {t('admin.cancel')}
                        </Button>
                      </>
                    ) : (
                      <>
                        <Button variant="secondary" size="sm" onClick={() => onEdit(s)}>
                          {t('admin.edit')}
                        </Button>
                        <Button variant="ghost" size="sm" onClick={() => setConfirming(s.id)}>
                          {t('admin.delete')}
                        </Button>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown.length === 0 && <p className="admin-list__empty">{t('admin.empty')}</p>}
      </div>
    </div>
  );
}
