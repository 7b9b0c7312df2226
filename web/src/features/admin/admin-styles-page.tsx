// /admin/styles, the admin styles manager, in French: the list
// with search, sorting, the count and a two-step delete; the add and edit form; Import/Export; the audit
// log. The server decides who is an admin: a 403 shows the "réservé aux administrateurs" page.
import './strings.ts';
import { useState } from 'react';
import type { AdminStyle, AdminStyleInput } from '#shared/api-schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { api, isApiError } from '../../lib/api-client.ts';
import { type TFunction, useTranslation } from '../../lib/i18n.ts';
import { ServerStateProvider } from '../../lib/server-state.tsx';
import { useSession } from '../../lib/session.tsx';
import { toast } from '../../lib/toasts.ts';
import { serverMessage, stylesChanged, useAdminStyles } from './api/admin-styles.ts';
import { AdminOnly } from './components/admin-only.tsx';
import { AuditLog } from './components/audit-log.tsx';
import { ImportExport } from './components/import-export.tsx';
import { StyleForm } from './components/style-form.tsx';
import { StyleTable } from './components/style-table.tsx';
import './admin.css';

type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; style: AdminStyle };

/** The form's own line under it ('Une erreur est survenue' or the network message). */
const formMessage = (e: unknown, t: TFunction): string =>
  isApiError(e) && e.status === 0
    ? t('admin.messages.network')
    : serverMessage(e, t('admin.messages.submitFallback'));

// A page of the public layout: the screen brings the app's query client with it.
export default function AdminStylesPage() {
  return (
    <ServerStateProvider>
      <AdminStyles />
    </ServerStateProvider>
  );
}

function AdminStyles() {
  const { t } = useTranslation('fr');
  const { signedIn } = useSession();
  const { state, reload, audit, auditFailed } = useAdminStyles(signedIn);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });

  const save = async (body: AdminStyleInput): Promise<string | null> => {
    try {
      if (mode.kind === 'edit') {
        const saved = await api('adminUpdateStyle', { params: { id: String(mode.style.id) }, body });
        stylesChanged((list) => list.map((s) => (s.id === saved.id ? saved : s)));
        toast.success(t('admin.messages.updated', { name: saved.name }));
      } else {
        const saved = await api('adminCreateStyle', { body });
        stylesChanged((list) => [...list, saved]);
        toast.success(t('admin.messages.added', { name: saved.name }));
      }
      setMode({ kind: 'list' });
      return null;
    } catch (e) {
      console.error('Style save', e);
      toast.error(
        serverMessage(
          e,
          t(mode.kind === 'edit' ? 'admin.messages.updateFailed' : 'admin.messages.addFailed'),
        ),
      );
      return formMessage(e, t);
    }
  };

  const remove = async (style: AdminStyle) => {
    try {
      await api('adminDeleteStyle', { params: { id: String(style.id) } });
      stylesChanged((list) => list.filter((s) => s.id !== style.id));
      toast.success(t('admin.messages.deleted', { name: style.name }));
    } catch (e) {
      console.error('Style delete', e);
      toast.error(serverMessage(e, t('admin.messages.deleteFailed')));
    }
  };

  let body: React.ReactNode;
  if (!signedIn || state.status === 'forbidden') body = <AdminOnly signedIn={signedIn} />;
  else if (state.status === 'loading')
    body = (
      <div className="admin-status" role="status">
        <Spinner /> {t('admin.loading')}
      </div>
    );
  else if (state.status === 'error')
    body = (
      <div className="card admin-status admin-status--error" role="alert">
        <p>{t('admin.messages.load')}</p>
        <Button variant="secondary" onClick={() => reload()}>
          {t('admin.retry')}
        </Button>
      </div>
    );
  else if (mode.kind !== 'list')
    body = (
      <StyleForm
        key={mode.kind === 'edit' ? mode.style.id : 'new'}
        style={mode.kind === 'edit' ? mode.style : null}
        onSubmit={save}
        onCancel={() => setMode({ kind: 'list' })}
      />
    );
  else
    body = (
      <>
        <section className="card admin-card" aria-label={t('admin.title')}>
          <StyleTable
            styles={state.styles}
            onEdit={(style) => setMode({ kind: 'edit', style })}
            onDelete={remove}
          />
        </section>
        <ImportExport onImported={() => stylesChanged()} />
        <AuditLog entries={audit} failed={auditFailed} />
      </>
    );

  const ready = signedIn && state.status === 'ready';
  return (
    <div className="container admin" lang="fr">
      <title>{`${t('admin.title')} · Aivatar`}</title>
      {ready && (
        <header className="app-page-header admin__header">
          <div>
            <h1>{t('admin.title')}</h1>
            <p className="muted">{t('admin.subtitle')}</p>
          </div>
          {mode.kind === 'list' && <Button onClick={() => setMode({ kind: 'add' })}>{t('admin.add')}</Button>}
        </header>
      )}
      {body}
    </div>
  );
}
