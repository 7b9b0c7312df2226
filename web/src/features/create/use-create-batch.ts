// "Create" on Create (create-page.tsx): the batch of the styles picked, sent once per selection (a double
// click or a lost answer is charged once), then the gallery with the server's message; a refusal (too few
// tokens, the team's allowance used, anything else) said beside the button and in a toast.
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Style } from '#shared/api-schemas.ts';
import type { StyleChoices } from '#shared/style-choices.ts';
import { TEAM_MESSAGES } from '#shared/team-rules.ts';
import { isApiError } from '../../lib/api-client.ts';
import { serverMessage } from '../../lib/api-messages.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalizedPath } from '../../lib/language.ts';
import { useSession } from '../../lib/session.tsx';
import { toast } from '../../lib/toasts.ts';
import { createBatch, shortBalanceOf } from './api/create-batch.ts';
import { forgetSelection } from './kept-selection.ts';
import type { Readiness } from './readiness.ts';

const withoutFinalStop = (s: string) => s.replace(/\.\s*$/, '');

export function useCreateBatch(selected: Style[], choices: StyleChoices, readiness: Readiness) {
  const { t, language } = useTranslation();
  const navigate = useNavigate();
  const path = useLocalizedPath();
  const { user, refreshUser } = useSession();
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // One key per selection: a retry of the same batch (a double click, a lost answer) is charged once.
  const idempotency = useRef<{ ids: string; key: string } | null>(null);

  const create = async () => {
    if (submitting) return;
    if (selected.length === 0) return setServerError(t('create.selectAtLeastOne'));
    if (!user) return setServerError(t('create.balanceUnknown'));
    if (readiness.short) return;
    const ids = JSON.stringify([selected.map((s) => s.id), choices]);
    if (idempotency.current?.ids !== ids) idempotency.current = { ids, key: crypto.randomUUID() };
    setSubmitting(true);
    setServerError(null);
    try {
      const { msg } = await createBatch(selected, choices, idempotency.current.key);
      idempotency.current = null;
      forgetSelection(user.email);
      void refreshUser();
      toast.success(language === 'en' ? msg : t('create.created', { count: readiness.avatars }));
      navigate(path('appGallery'));
    } catch (e) {
      console.error('Create avatars', e);
      const short = shortBalanceOf(e);
      let text: string;
      if (short) {
        const ownWords = t('create.notEnoughTokens', {
          total: short.needed ?? readiness.total,
          available: short.available ?? readiness.balance ?? 0,
        });
        const said = language === 'en' && short.msg ? short.msg : ownWords;
        text = t('create.notEnoughServer', { message: withoutFinalStop(said) });
        void refreshUser();
      } else if (isApiError(e) && e.code === 'TEAM_ALLOWANCE_USED') {
        text = TEAM_MESSAGES.noAllowance[language];
      } else {
        const fallback = t('create.createFailed');
        text = isApiError(e) ? serverMessage(e, fallback) : e instanceof Error ? e.message : fallback;
      }
      setServerError(text);
      toast.error(text);
      setSubmitting(false);
    }
  };

  return { submitting, serverError, setServerError, create };
}
