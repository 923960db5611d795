import { extractPinCode } from '@annadaan/contract/common';
import { parseGeolocation } from '@annadaan/contract/geolocation';
import { Button, Input, Stack, Text } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { pinCodeQuery } from '../lib/pincodes-api';
import { reverseGeocode } from '../lib/reverse-geocode-api';
import { useCurrentPosition } from '../lib/use-current-position';
import { LazyPinPickerMap } from './map/lazy-maps';

interface Props {
  label: ReactNode;
  description: ReactNode;
  /** The typed address: once it has a pin code, the map starts at that pin code's centre. */
  address: string;
  /** The device's address, offered once: the form fills its address field with it when that is empty. */
  onAddressFound: (address: string) => void;
  /** "lat,lng" text, or ''. */
  geolocation: string;
  onGeolocationChange: (geolocation: string) => void;
  error?: ReactNode;
  /** What the pin marks: a donation's pickup point, or where a food need is. */
  purpose: 'pickup' | 'need' | 'area' | 'dropoff';
}

const asText = (lat: number, lng: number) => `${lat.toFixed(6)},${lng.toFixed(6)}`;

/**
 * Where something is, picked the same way on every form (issue 29): the address with its pin code
 * (typed next to this), "Use my current location", and a pin on a small map to correct the point
 * (issue 15). The point goes to the server as "lat,lng"; the person sees the address it stands for.
 */
export function LocationPicker({ label, description, address, onAddressFound, geolocation, onGeolocationChange, error, purpose }: Props) {
  const { t } = useTranslation('map');
  const [resolvedAddress, setResolvedAddress] = useState<string | null>(null);
  const addressOffered = useRef(false);
  /** The person moved the pin on the map: the point is theirs, not the device's. */
  const [pinPlaced, setPinPlaced] = useState(false);

  const position = useCurrentPosition(
    (lat, lng) => {
      setPinPlaced(false);
      onGeolocationChange(asText(lat, lng));
      reverseGeocode(lat, lng)
        .then(({ address: found }) => {
          setResolvedAddress(found || '');
          // Offered once, and the form never puts it over what the person typed.
          if (addressOffered.current || !found) return;
          addressOffered.current = true;
          onAddressFound(found);
        })
        .catch(() => setResolvedAddress('')); // The spec fails silently: the person types the address instead.
    },
    { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
  );

  const point = parseGeolocation(geolocation);
  const typedPin = extractPinCode(address);
  const pinPlace = useQuery({ ...pinCodeQuery(typedPin ?? ''), enabled: typedPin !== null && point === null });
  const mapPoint = point ? { lat: point.latitude, lng: point.longitude } : pinPlace.data ? { lat: pinPlace.data.lat, lng: pinPlace.data.lng } : null;
  const placePin = (lat: number, lng: number) => {
    setPinPlaced(true);
    onGeolocationChange(asText(lat, lng));
  };
  const hint = pinPlaced
    ? t('locationPicker.pinPlaced')
    : position.state.status === 'locating'
      ? t('locationPicker.detecting')
      : position.state.status === 'failed'
        ? position.state.message
        : geolocation
          ? resolvedAddress === null
            ? t('locationPicker.lookingUp')
            : resolvedAddress
              ? t('locationPicker.found', { address: resolvedAddress })
              : t('locationPicker.foundNoAddress')
          : null;

  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Stack gap={4} mt={4}>
        <Button
          variant="default"
          leftSection={<IconCurrentLocation size={18} aria-hidden="true" />}
          onClick={position.locate}
          loading={position.state.status === 'locating'}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('locationPicker.useMyLocation')}
        </Button>
        <Text
          size="sm"
          role="status"
          data-testid="resolved-location"
          c={position.state.status === 'failed' ? 'red.8' : undefined}
          style={{ overflowWrap: 'anywhere' }}
        >
          {hint ?? ''}
        </Text>
        {mapPoint ? <LazyPinPickerMap point={mapPoint} approximate={point === null} onMove={placePin} purpose={purpose} /> : null}
      </Stack>
    </Input.Wrapper>
  );
}
