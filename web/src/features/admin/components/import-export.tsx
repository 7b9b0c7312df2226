// The Import/Export panel: a .json file sent as the form field `file`, the
// spec's success message (and, beyond it, why entries were skipped); the export is fetched and saved as styles.json.
import { type FormEvent, useId, useRef, useState } from 'react';
import type { ImportResult } from '#shared/api-schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { api } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { toast } from '../../../lib/toasts.ts';
import { serverMessage } from '../api/admin-styles.ts';

export function ImportExport({ onImported }: { onImported(): void }) {
  const { t } = useTranslation('fr');
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    if (!file || !/\.json$/i.test(file.name)) return setError(t('admin.transfer.fileRequired'));
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const answer = await api('adminImportStyles', { body: form });
      setResult(answer);
      toast.success(t('admin.messages.importSuccess', { added: answer.added, skipped: answer.skipped }));
      setFile(null);
      if (input.current) input.current.value = '';
      onImported();
    } catch (err) {
      console.error('Style import', err);
      const message = serverMessage(err, t('admin.messages.importFailed'));
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  // The JSON download, fetched with the session in its headers and saved from memory: the
  // session never goes into a URL.
  const [exporting, setExporting] = useState(false);
  const exportStyles = async () => {
    setExporting(true);
    try {
      saveFile(await api('adminExportStyles'), 'styles.json');
    } catch (err) {
      console.error('Style export', err);
      toast.error(t('admin.messages.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="card admin-transfer" aria-labelledby="admin-transfer-title">
      <h2 id="admin-transfer-title">{t('admin.transfer.title')}</h2>
      <div className="admin-transfer__grid">
        <form onSubmit={submit} noValidate className="admin-transfer__import">
          <div className={`field${error ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={fileId}>
              {t('admin.transfer.importLabel')}
            </label>
            <div className="admin-transfer__picker">
              <input
                id={fileId}
                ref={input}
                type="file"
                accept=".json,application/json"
                className="visually-hidden"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setError(null);
                }}
              />
              <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
                {t('admin.transfer.choose')}
              </Button>
              <span className="admin-transfer__filename">
                {file ? file.name : t('admin.transfer.noFile')}
              </span>
            </div>
            <p className="field__hint">{t('admin.transfer.importHint')}</p>
            {error && <p className="field__error">{error}</p>}
          </div>
          <Button type="submit" variant="secondary" loading={busy}>
            {t('admin.transfer.import')}
          </Button>
          {result && (
            <div className="admin-transfer__result" role="status">
              <p>{t('admin.messages.importSuccess', { added: result.added, skipped: result.skipped })}</p>
              {result.skipped_entries && result.skipped_entries.length > 0 && (
                <>
                  <p className="admin-transfer__skipped-title">{t('admin.transfer.skippedTitle')}</p>
                  <ul>
                    {result.skipped_entries.map((s) => (
                      <li key={s.index}>
                        {t('admin.transfer.skippedEntry', {
                          index: s.index + 1,
                          name: s.name,
                          reason: s.reason,
                        })}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          )}
        </form>
        <div className="admin-transfer__export">
          <Button variant="secondary" onClick={() => void exportStyles()} loading={exporting}>
            {t('admin.transfer.export')}
          </Button>
          <p className="field__hint">{t('admin.transfer.exportHint')}</p>
        </div>
      </div>
    </section>
  );
}
