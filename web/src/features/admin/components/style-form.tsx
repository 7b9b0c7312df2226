// Add and edit: the fields, trimmed for the checks, each error cleared when its
// field is edited; the picture's preview hides when it fails to load; a picture can be uploaded.
import { type FormEvent, useId, useState } from 'react';
import {
  checkStyleForm,
  STYLE_FIELD_LIMITS,
  type StyleFormErrors,
  type StyleFormValues,
} from '#shared/admin-style-rules.ts';
import type { AdminStyle, AdminStyleInput } from '#shared/api-schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { StyleImageUpload } from './style-image-upload.tsx';

type Values = StyleFormValues & {
  is_active: boolean;
  format: AdminStyle['format'];
  accepts_choices: boolean;
};

const valuesOf = (s: AdminStyle | null): Values => ({
  name: s?.name ?? '',
  category: s?.category ?? '',
  description: s?.description ?? '',
  image_url: s?.image_url ?? '',
  prompt: s?.prompt ?? '',
  token_cost: String(s?.token_cost ?? 1),
  is_active: s?.is_active ?? true,
  format: s?.format ?? 'square',
  accepts_choices: s?.accepts_choices ?? false,
});

const bodyOf = (v: Values): AdminStyleInput => ({
  name: v.name.trim(),
  category: v.category.trim(),
  description: v.description.trim(),
  image_url: v.image_url.trim(),
  prompt: v.prompt.trim(),
  token_cost: Number(String(v.token_cost).trim()),
  is_active: v.is_active,
  format: v.format,
  accepts_choices: v.accepts_choices,
});

interface Props {
  style: AdminStyle | null;
  /** Resolves with an error to show under the form, or null when saved. */
  onSubmit(body: AdminStyleInput): Promise<string | null>;
  onCancel(): void;
}

function Preview({ url }: { url: string }) {
  const { t } = useTranslation('fr');
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) {
    return url ? <p className="admin-form__preview-missing">{t('admin.form.previewUnavailable')}</p> : null;
  }
  return (
    <figure className="admin-form__preview">
      <img src={url} alt={t('admin.form.preview')} onError={() => setFailed(url)} />
      <figcaption>{t('admin.form.preview')}</figcaption>
    </figure>
  );
}

export function StyleForm({ style, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('fr');
  const [values, setValues] = useState<Values>(() => valuesOf(style));
  const [errors, setErrors] = useState<StyleFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = { description: useId(), prompt: useId(), format: useId() };

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // A field's error clears as soon as it is edited.
    if (key in errors) setErrors(({ [key as keyof StyleFormErrors]: _, ...rest }) => rest);
    setFormError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkStyleForm(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    const error = await onSubmit(bodyOf(values));
    setSaving(false);
    setFormError(error);
  };

  const area = (key: 'description' | 'prompt', label: string, rows: number, max: number) => (
    <div className={`field${errors[key] ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={ids[key]}>
        {label}
      </label>
      <textarea
        id={ids[key]}
        className="field__input admin-form__textarea"
        rows={rows}
        maxLength={max}
        value={values[key]}
        aria-invalid={errors[key] ? true : undefined}
        onChange={(e) => set(key, e.target.value)}
      />
      {errors[key] && <p className="field__error">{errors[key]}</p>}
    </div>
  );

  return (
    <form className="card admin-form" onSubmit={submit} noValidate>
      <h2>{style ? t('admin.form.editTitle', { id: style.id }) : t('admin.form.addTitle')}</h2>
      <div className="admin-form__grid">
        <div className="admin-form__fields">
          <TextField
            label={t('admin.form.name')}
            value={values.name}
            maxLength={STYLE_FIELD_LIMITS.name}
            error={errors.name}
            onChange={(e) => set('name', e.target.value)}
          />
          <TextField
            label={t('admin.form.category')}
            value={values.category}
            maxLength={STYLE_FIELD_LIMITS.category}
            error={errors.category}
            onChange={(e) => set('category', e.target.value)}
          />
          {area('description', t('admin.form.description'), 3, STYLE_FIELD_LIMITS.description)}
          {area('prompt', t('admin.form.prompt'), 5, STYLE_FIELD_LIMITS.prompt)}
          <div className="admin-form__row">
            <TextField
              label={t('admin.form.tokenCost')}
              type="number"
              inputMode="numeric"
              step={1}
              min={1}
              value={values.token_cost}
              error={errors.token_cost}
              onChange={(e) => set('token_cost', e.target.value)}
            />
            <div className="field">
              <label className="field__label" htmlFor={ids.format}>
                {t('admin.form.format')}
              </label>
              <select
                id={ids.format}
                className="field__input"
                value={values.format}
                onChange={(e) => set('format', e.target.value as Values['format'])}
              >
                <option value="square">{t('admin.formats.square')}</option>
                <option value="portrait">{t('admin.formats.portrait')}</option>
              </select>
            </div>
          </div>
          <Checkbox
            label={t('admin.form.active')}
            checked={values.is_active}
            onChange={(e) => set('is_active', e.target.checked)}
          />
          <Checkbox
            label={
              <>
                {t('admin.form.acceptsChoices')}
                <span className="admin-form__hint">{t('admin.form.acceptsChoicesHint')}</span>
              </>
            }
            checked={values.accepts_choices}
            onChange={(e) => set('accepts_choices', e.target.checked)}
            data-testid="accepts-choices"
          />
        </div>
        <div className="admin-form__image">
          <TextField
            label={t('admin.form.imageUrl')}
            type="url"
            value={values.image_url}
            maxLength={STYLE_FIELD_LIMITS.imageUrl}
            hint={t('admin.form.imageUrlHint')}
            error={errors.image_url}
            onChange={(e) => set('image_url', e.target.value)}
          />
          <StyleImageUpload onUploaded={(url) => set('image_url', url)} />
          <Preview url={values.image_url.trim()} />
        </div>
      </div>
      {formError && (
        <p className="admin-form__error" role="alert">
          {formError}
        </p>
      )}
      <div className="admin-form__actions">
        <Button type="submit" loading={saving}>
          {t(style ? 'admin.form.save' : 'admin.form.create')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          {t('admin.form.back')}
        </Button>
      </div>
    </form>
  );
}
