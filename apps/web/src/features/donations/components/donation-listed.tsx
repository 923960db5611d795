import type { Donation } from '@annadaan/contract/donations';
import { Box, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { ShareOnWhatsApp } from '../../../components/share-on-whatsapp';
import { useTranslation } from '../../../i18n/react';
import { useSiteOrigin } from '../../../lib/site-origin';
import { DonationCard } from './donation-card';

/**
 * Where a donor lands after listing food (issue 29): the spec's success words, the listing as
 * receivers see it (the area, never the pickup address), what happens next, and a way to share it.
 */
export function DonationListed({ donation, onListAnother }: { donation: Donation; onListAnother: () => void }) {
  const { t } = useTranslation('donations');
  const origin = useSiteOrigin();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The form was replaced: focus follows, so keyboard and screen-reader users hear the result.
    heading.current?.focus();
  }, []);
  // What others see: the area instead of the pickup address (the server's public view).
  const asOthersSee = { ...donation, location: donation.area };
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap" align="center">
        <IconCircleCheck size={36} color="var(--mantine-color-green-8)" aria-hidden="true" style={{ flexShrink: 0 }} />
        <Stack gap={0}>
          <Title order={1} ref={heading} tabIndex={-1}>
            {t('listed.title')}
          </Title>
          <Text role="status" fw={600} c="green.9">
            {t('form.submitted')}
          </Text>
        </Stack>
      </Group>
      <Stack gap="xs">
        <Text fw={600}>{t('listed.asOthersSee')}</Text>
        <Box maw={380} w="100%">
          <DonationCard donation={asOthersSee} to={paths.requestDonation(donation.id)} />
        </Box>
      </Stack>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="xs">
          {t('listed.nextTitle')}
        </Title>
        <List type="ordered" spacing="xs">
          <List.Item>{t('listed.nextRequests')}</List.Item>
          <List.Item>{t('listed.nextAccept')}</List.Item>
          <List.Item>{t('listed.nextHandover')}</List.Item>
        </List>
      </Paper>
      <Stack gap="xs">
        <Text fw={600}>{t('listed.shareTitle')}</Text>
        <Group>
          <ShareOnWhatsApp
            text={t('detail.shareText', { name: donation.foodName, area: donation.area, url: `${origin}${paths.requestDonation(donation.id)}` })}
          />
        </Group>
      </Stack>
      <Group gap="sm">
        <Button component={Link} to={paths.requestDonation(donation.id)}>
          {t('listed.open')}
        </Button>
        <Button component={Link} to={paths.receivedRequestsFor(donation.id)} variant="default">
          {t('listed.requests')}
        </Button>
        <Button variant="subtle" onClick={onListAnother}>
          {t('listed.another')}
        </Button>
        <Button component={Link} to={paths.home} variant="subtle">
          {t('listed.home')}
        </Button>
      </Group>
    </Stack>
  );
}
