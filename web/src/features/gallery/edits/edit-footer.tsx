// The foot of the edit panel (edit-panel.tsx): why the edit cannot be sent (no edits left, too few tokens,
// the server's refusal), then its cost, the balance after it, the edits left, and Cancel / Send.
import { Link } from 'react-router';
import { EDIT_MESSAGES, EDIT_TOKEN_COST } from '#shared/edit-rules.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocalizedPath } from '../../../lib/language.ts';
import type { Refusal } from '../api/edits.ts';

export function EditFooter({
  left,
  balance,
  refusal,
  sending,
  preparing,
  ready,
  onCancel,
  onSend,
}: {
  /** the edits left on this avatar */
  left: number;
  /** the user's tokens, null while unknown */
  balance: number | null;
  refusal: Refusal | null;
  /** the edit on its way to the server */
  sending: boolean;
  /** the region's mask being drawn */
  preparing: boolean;
  ready: boolean;
  onCancel: () => void;
  onSend: () => void;
}) {
  const { t, language } = useTranslation();
  const path = useLocalizedPath();
  const short = balance !== null && balance < EDIT_TOKEN_COST;
  const cost = t('gallery.tokens', { count: EDIT_TOKEN_COST });
  return (
    <>
      {left === 0 && <Alert kind="info">{EDIT_MESSAGES.limit[language]}</Alert>}
      {short && !refusal && (
        <Alert kind="error">
          {t('gallery.tryAgainShort', { needed: EDIT_TOKEN_COST, available: balance ?? 0 })}{' '}
          <Link to={path('pricing')}>{t('gallery.buyTokens')}</Link>
        </Alert>
      )}
      {refusal && (
        <div data-testid="edit-refusal">
          <Alert kind="error">
            {refusal.text} {refusal.short && <Link to={path('pricing')}>{t('gallery.buyTokens')}</Link>}
          </Alert>
        </div>
      )}
      <footer className="edit-panel__footer">
        <p className="edit-panel__cost" data-testid="edit-cost">
          <span>{t('gallery.editCost', { cost })}</span>
          {balance !== null && (
            <span data-testid="edit-balance-after">
              {t('gallery.editBalanceAfter', {
                balance: t('gallery.tokens', { count: Math.max(0, balance - EDIT_TOKEN_COST) }),
              })}
            </span>
          )}
          {left > 0 && <span className="muted">{t('gallery.editsLeft', { count: left })}</span>}
        </p>
        <div className="edit-panel__actions">
          <Button variant="secondary" onClick={onCancel} disabled={sending}>
            {t('gallery.cancel')}
          </Button>
          <Button onClick={onSend} loading={sending || preparing} disabled={!ready} data-testid="edit-send">
            {t('gallery.editSend', { cost })}
          </Button>
        </div>
      </footer>
    </>
  );
}
