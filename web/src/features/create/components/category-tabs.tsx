// The category tabs: All Styles, then one tab per category, its name capitalised (French
// pages translate the known ones). Arrow keys move between tabs, as a tab list should.
import type { KeyboardEvent } from 'react';
import { hasString, type TranslationKey, useTranslation } from '../../../lib/i18n.ts';

export const ALL = 'all';

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function useCategoryLabel(): (category: string) => string {
  const { t } = useTranslation();
  return (category) => {
    const key = `create.category.${category}`;
    return hasString(key) ? t(key as TranslationKey) : capitalised(category);
  };
}

export function CategoryTabs({
  categories,
  current,
  onChange,
}: {
  categories: string[];
  current: string;
  onChange: (category: string) => void;
}) {
  const { t } = useTranslation();
  const label = useCategoryLabel();
  const tabs = [ALL, ...categories];

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = tabs[(tabs.indexOf(current) + step + tabs.length) % tabs.length] ?? ALL;
    onChange(next);
    e.currentTarget.querySelector<HTMLButtonElement>(`[data-category="${next}"]`)?.focus();
  };

  return (
    <div className="style-tabs" role="tablist" aria-label={t('create.categories')} onKeyDown={onKeyDown}>
      {tabs.map((category) => (
        <button
          key={category}
          type="button"
          role="tab"
          id={`tab-${category}`}
          aria-controls="style-grid"
          aria-selected={current === category}
          tabIndex={current === category ? 0 : -1}
          data-category={category}
          className="style-tabs__tab"
          onClick={() => onChange(category)}
        >
          {category === ALL ? t('create.allStyles') : label(category)}
        </button>
      ))}
    </div>
  );
}
