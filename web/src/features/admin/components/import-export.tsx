// The Import/Export panel: a .json file sent as the form field `file`, the
// spec's success message (and, beyond it, why entries were skipped); the export is fetched and saved as styles.json.
import { type FormEvent, useId, useRef, useState } from 'react';
import type { ImportResult } from '../../../../../shared/api-schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { toast } from '../../../lib/toasts.ts';
import { ADMIN_TEXT as T } from '../admin-strings.ts';
import { serverMessage } from '../api/admin-styles.ts';

export function ImportExport({ onImported }: { onImported(): void }) {
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    if (!file || !/\.json$/i.test(file.name)) return setError(T.transfer.fileRequired);
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const answer = await api('adminImportStyles', { body: form });
      setResult(answer);
      toast.success(T.messages.importSuccess(answer.added, answer.skipped));
      setFile(null);
      if (input.current) input.current.value = '';
      onImported();
    } catch (err) {
      console.error('Style import', err);
      const message = serverMessage(err, T.messages.importFailed);
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
      toast.error(T.messages.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="card admin-transfer" aria-labelledby="admin-transfer-title">
      <h2 id="admin-transfer-title">{T.transfer.title}</h2>
      <div className="admin-transfer__grid">
        <form onSubmit={submit} noValidate className="admin-transfer__import">
          <div className={`field${error ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={fileId}>
              {T.transfer.importLabel}
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
                {T.transfer.choose}
              </Button>
              <span className="admin-transfer__filename">{file ? file.name : T.transfer.noFile}</span>
            </div>
            <p className="field__hint">{T.transfer.importHint}</p>
            {error && <p className="field__error">{error}</p>}
          </div>
          <Button type="submit" variant="secondary" loading={busy}>
            {T.transfer.import}
          </Button>
          {result && (
            <div className="admin-transfer__result" role="status">
              <p>{T.messages.importSuccess(result.added, result.skipped)}</p>
              {result.skipped_entries && result.skipped_entries.length > 0 && (
                <>
                  <p className="admin-transfer__skipped-title">{T.transfer.skippedTitle}</p>
                  <ul>
                    {result.skipped_entries.map((s) => (
                      <li key={s.index}>{T.transfer.skippedEntry(s.index, s.name, s.reason)}</li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          )}
        </form>
        <div className="admin-transfer__export">
          <Button variant="secondary" onClick={() => void exportStyles()} loading={exporting}>
            {T.transfer.export}
          </Button>
          <p className="field__hint">{T.transfer.exportHint}</p>
        </div>
      </div>
    </section>
  );
}
