import type { DonationRequest } from '@annadaan/contract/requests';
import { Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconMapPin, IconNavigation } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { directionsUrl } from '../../../components/map/area-map-view';
import { LazyAreaMap } from '../../../components/map/lazy-maps';
import { useTranslation } from '../../../i18n/react';

interface Props {
  request: DonationRequest;
  /** The donation's own page, given by the screen. */
  donationPath: string;
}

/**
 * Where the accepted receiver goes (issue 29): the pickup address, the exact point on a still map,
 * directions in the phone's maps app and the donation's page. The server sends the address and the
 * point only while the pickup awaits, so this shows nothing else.
 */
export function PickupPlace({ request, donationPath }: Props) {
  const { t } = useTranslation('requests');
  const headingId = useId();
  const point = request.pickupPoint ?? null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid="pickup-place">
      <Group gap={6} wrap="nowrap">
        <IconMapPin size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
        <Title order={3} size="h5" id={headingId}>
          {t('place.title')}
        </Title>
      </Group>
      <Text fw={600} translate="no" data-user-text style={{ overflowWrap: 'anywhere' }}>
        {request.location}
      </Text>
      {/* The circle around the pin itself: this receiver knows the exact point, the public cell adds nothing. */}
      {point ? <LazyAreaMap area={point} exact={point} areaName={request.location} /> : null}
      <Group gap="sm">
        <Button
          component="a"
          href={directionsUrl(point ?? request.location)}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconNavigation size={16} aria-hidden="true" />}
        >
          {t('place.directions')}
          <VisuallyHidden> {t('place.newTab')}</VisuallyHidden>
        </Button>
        <Button component={Link} to={donationPath} variant="default">
          {t('place.donation')}
        </Button>
      </Group>
    </Stack>
  );
}
