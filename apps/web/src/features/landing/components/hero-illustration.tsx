import { useTranslation } from '../../../i18n/react';

/** A bowl of food passed between two hands, drawn inline so it costs no extra request. */
export function HeroIllustration() {
  const { t } = useTranslation('landing');
  return (
    <svg viewBox="0 0 240 200" width="100%" style={{ maxWidth: 320 }} role="img" aria-label={t('hero.illustration')}>
      <circle cx="120" cy="100" r="92" fill="#ebfbee" />
      <path d="M96 40c-6 10 6 14 0 24M120 34c-6 10 6 14 0 24M144 40c-6 10 6 14 0 24" stroke="#8ce99a" strokeWidth="5" fill="none" strokeLinecap="round" />
      <ellipse cx="120" cy="92" rx="62" ry="12" fill="#ffd8a8" />
      <circle cx="98" cy="88" r="9" fill="#fab005" />
      <circle cx="118" cy="84" r="10" fill="#e8590c" />
      <circle cx="140" cy="88" r="9" fill="#40c057" />
      <path d="M58 92h124c0 34-28 58-62 58s-62-24-62-58z" fill="#1b6e2f" />
      <path d="M70 104h100" stroke="#51cf66" strokeWidth="4" strokeLinecap="round" />
      <path d="M20 150c20-6 40 0 56 4l22 6c6 2 6 10 0 10H66" stroke="#c2773a" strokeWidth="12" fill="none" strokeLinecap="round" />
      <path d="M220 150c-20-6-40 0-56 4l-22 6c-6 2-6 10 0 10h32" stroke="#8d5524" strokeWidth="12" fill="none" strokeLinecap="round" />
    </svg>
  );
}
