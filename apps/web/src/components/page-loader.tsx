import { useTranslation } from '../i18n/react';

/** The full-screen loading overlay (ring of six dots) shown while a screen's code loads. */
export function PageLoader() {
  const { t } = useTranslation('common');
  return (
    <div className="boot-overlay" role="status" aria-live="polite">
      <div className="boot-ring" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
        <i />
        <i />
      </div>
      <span className="boot-label">{t('loading')}</span>
    </div>
  );
}
