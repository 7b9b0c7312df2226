// The email address field every sign-in form asks for. Its value is the address typed on any of the sign-in
// pages (../email-draft.ts); and when the field that had the keyboard goes with its page (a link to the next
// sign-in page followed while typing), the next page's field takes the keyboard, so the keys that follow land
// in it rather than nowhere.
import { useLayoutEffect, useRef } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** The field being left had the keyboard: the next one to appear takes it. */
let keyboardGoesOn = false;

export function EmailField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  // Layout effects: the old page's field is still in the document when its cleanup runs, and the new one's
  // runs once the old is gone, before the browser handles another key.
  useLayoutEffect(() => {
    const field = input.current;
    const nothingFocused = document.activeElement === null || document.activeElement === document.body;
    if (keyboardGoesOn && nothingFocused && field) {
      field.focus();
      // After what was typed, not before it (an email input has no setSelectionRange).
      const typed = field.value;
      field.value = '';
      field.value = typed;
    }
    keyboardGoesOn = false;
    return () => {
      keyboardGoesOn = field !== null && document.activeElement === field;
    };
  }, []);
  return (
    <TextField
      ref={input}
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
