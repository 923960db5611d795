import { Button } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';

/**
 * WhatsApp's own share link: it opens WhatsApp (the app on a phone, WhatsApp Web elsewhere) with
 * the text ready to send to any chat or group, where most sharing in India happens (issue 18).
 */
export function whatsAppShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** "Share on WhatsApp", with `text` (which carries the page's link) ready to send. */
export function ShareOnWhatsApp({ text }: { text: string }) {
  const { t } = useTranslation('common');
  return (
    <Button
      component="a"
      href={whatsAppShareUrl(text)}
      target="_blank"
      rel="noopener noreferrer"
      variant="outline"
      color="green.9"
      leftSection={<IconBrandWhatsapp size={18} aria-hidden="true" />}
    >
      {t('share.whatsApp')}
    </Button>
  );
}
