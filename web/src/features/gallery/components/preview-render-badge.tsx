// Results of the built-in renderer (no provider key) are marked, so nobody takes them for AI output.
import { InfoIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export function PreviewRenderBadge() {
  const { t } = useTranslation();
  return (
    <span className="preview-badge" data-testid="preview-render" title={t('gallery.previewRenderHint')}>
      <InfoIcon />
      {t('gallery.previewRender')}
    </span>
  );
}
