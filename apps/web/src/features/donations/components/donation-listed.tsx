import type { Donation } from '@annadaan/contract/donations';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { NextSteps, ResultHeading } from '../../../components/result-screen';
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
  // What others see: the area instead of the pickup address (the server's public view).
  const asOthersSee = { ...donation, location: donation.area };
  return (
    <Stack gap="lg">
      <ResultHeading title={t('listed.title')} status={t('form.submitted')} />
      <Stack gap="xs">
        <Text fw={600}>{t('listed.asOthersSee')}</Text>
        <Box maw={380} w="100%">
          <DonationCard donation={asOthersSee} to={paths.requestDonation(donation.id)} />
        </Box>
      </Stack>
      <NextSteps title={t('listed.nextTitle')} steps={[t('listed.nextRequests'), t('listed.nextAccept'), t('listed.nextHandover')]} />
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
