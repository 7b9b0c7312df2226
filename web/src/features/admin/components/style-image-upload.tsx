// Uploading a style picture: a presigned POST straight to the media bucket, then the server checks and
// re-encodes it (as for photos) and answers where it is served; the form's URL field takes that address.
import { useRef, useState } from 'react';
import { PHOTO_ACCEPT, PHOTO_TYPES, type PhotoType } from '#shared/photo-rules.ts';
import { Button } from '../../../components/ui/button.tsx';
import { api } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { toast } from '../../../lib/toasts.ts';
import { serverMessage } from '../api/admin-styles.ts';

async function uploadStyleImage(file: File): Promise<string> {
  const type = (PHOTO_TYPES as readonly string[]).includes(file.type)
    ? (file.type as PhotoType)
    : 'image/jpeg';
  const target = await api('adminStyleImageTarget', { body: { type, size: file.size } });
  const form = new FormData();
  for (const [k, v] of Object.entries(target.fields)) form.append(k, v);
  form.append('file', file);
  const posted = await fetch(target.url, { method: 'POST', body: form });
  if (!posted.ok) throw new Error(`The bucket answered ${posted.status}`);
  const confirmed = await api('adminConfirmStyleImage', { body: { id: target.id } });
  return `${runtimeConfig().apiUrl}${confirmed.path}`;
}

export function StyleImageUpload({ onUploaded }: { onUploaded(url: string): void }) {
  const { t } = useTranslation('fr');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      onUploaded(await uploadStyleImage(file));
    } catch (e) {
      console.error('Style picture', e);
      toast.error(serverMessage(e, t('admin.messages.network')));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="admin-form__upload">
      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('admin.form.upload')}
        onChange={(e) => choose(e.target.files?.[0])}
      />
      <Button variant="secondary" size="sm" loading={busy} onClick={() => input.current?.click()}>
        {t(busy ? 'admin.form.uploading' : 'admin.form.upload')}
      </Button>
    </div>
  );
}
