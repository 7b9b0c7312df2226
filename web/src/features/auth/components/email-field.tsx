// The email address field every sign-in form asks for.

import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export function EmailField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.email')}
      type="email"
      name="email"
      autoComplete="email"
      placeholder={t('auth.emailPlaceholder')}
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
