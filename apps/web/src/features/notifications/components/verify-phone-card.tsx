import { Anchor, CloseButton, Group, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useTranslation } from '../../../i18n/react';
import { profileQuery } from '../../../lib/profile-api';
import { useMessaging } from '../api/messaging-api';
import { MESSAGING_SECTION_ID } from './messaging-section';

const dismissedKey = (userId: number) => `annadaan.verify-phone-card-dismissed.${userId}`;

function wasDismissed(userId: number): boolean {
  try {
    return localStorage.getItem(dismissedKey(userId)) === '1';
  } catch {
    // Storage can be off (private windows, strict settings): then the card comes back next visit.
    return false;
  }
}

function rememberDismissed(userId: number) {
  try {
    localStorage.setItem(dismissedKey(userId), '1');
  } catch {
    // See wasDismissed.
  }
}

/**
 * Verifying the phone right after sign-up, optionally (issue 31): the spec's sign-up flow stays as
 * it is, and Home offers the way instead. Shown to a person whose number is not verified while the
 * server can send on WhatsApp or SMS; gone once verified or dismissed (remembered per account on
 * this device).
 */
export function VerifyPhoneCard() {
  const { t } = useTranslation('notifications');
  const messaging = useMessaging();
  const userId = useQuery(profileQuery()).data?.id;
  const [dismissedNow, setDismissedNow] = useState(false);
  if (!messaging.data || userId === undefined) return null;
  const { verified, available } = messaging.data;
  if (verified || !(available.whatsapp || available.sms) || dismissedNow || wasDismissed(userId)) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="verify-phone-heading">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div>
          <Title order={2} size="h4" id="verify-phone-heading">
            {t('verifyCard.title')}
          </Title>
          <Text size="sm" mt={4}>
            {t('verifyCard.text')}
          </Text>
          <Anchor component={Link} to={`${paths.notificationSettings}#${MESSAGING_SECTION_ID}`} size="sm" fw={600} mt="xs" display="inline-block">
            {t('verifyCard.link')}
          </Anchor>
        </div>
        <CloseButton
          aria-label={t('verifyCard.dismiss')}
          onClick={() => {
            rememberDismissed(userId);
            setDismissedNow(true);
          }}
        />
      </Group>
    </Paper>
  );
}
