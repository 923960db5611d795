import { extractPinCode } from '@annadaan/contract/pin-code';
import { Anchor, Radio, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LocationPicker } from '../../../components/location-picker';
import { useTranslation } from '../../../i18n/react';
import { profileQuery } from '../../../lib/profile-api';

export interface DeliveryAsk {
  choice: 'COLLECT' | 'DELIVER';
  address: string;
  geolocation: string;
}

interface Props {
  value: DeliveryAsk;
  /** Takes an update of the current value (the device's address arrives after its point). */
  onChange: (update: (current: DeliveryAsk) => DeliveryAsk) => void;
  addressError?: string | null;
}

/**
 * How the food reaches the receiver (issue 32), where the donor offers delivery: "I will collect"
 * or "Please deliver", and then where to (the receiver's address with its pin code, and a point if
 * they give one). Only the volunteer who takes the delivery ever sees the address.
 */
export function DeliveryChoiceFields({ value, onChange, addressError }: Props) {
  const { t } = useTranslation('requests');
  // The receiver's saved address (their profile's, else its location), offered in one tap when it has a pin code.
  const profile = useQuery({ ...profileQuery(), enabled: value.choice === 'DELIVER' });
  const saved = [profile.data?.userData.address ?? '', profile.data?.location ?? ''].find((text) => extractPinCode(text) !== null) ?? null;
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('delivery.question')}
        value={value.choice}
        onChange={(choice) => onChange((current) => ({ ...current, choice: choice as DeliveryAsk['choice'] }))}
      >
        <Stack gap={6} mt={6}>
          <Radio value="COLLECT" label={t('delivery.collect')} />
          <Radio value="DELIVER" label={t('delivery.deliver')} description={t('delivery.deliverHint')} />
        </Stack>
      </Radio.Group>
      {value.choice === 'DELIVER' ? (
        <>
          <TextInput
            label={t('delivery.address')}
            description={t('delivery.addressHint')}
            value={value.address}
            onChange={(event) => {
              const address = event.currentTarget.value;
              onChange((current) => ({ ...current, address }));
            }}
            error={addressError}
            maxLength={300}
            withAsterisk
          />
          {saved && saved !== value.address ? (
            // A link-like button: its words (the whole saved address) wrap on a narrow phone.
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="left"
              style={{ alignSelf: 'flex-start', overflowWrap: 'anywhere' }}
              onClick={() => onChange((current) => ({ ...current, address: saved.slice(0, 300) }))}
            >
              {t('delivery.useSaved', { address: saved })}
            </Anchor>
          ) : null}
          <LocationPicker
            label={t('delivery.point')}
            description={t('delivery.pointHint')}
            address={value.address}
            onAddressFound={(found) => onChange((current) => ({ ...current, address: current.address === '' ? found.slice(0, 300) : current.address }))}
            geolocation={value.geolocation}
            onGeolocationChange={(geolocation) => onChange((current) => ({ ...current, geolocation }))}
            purpose="dropoff"
          />
        </>
      ) : null}
    </Stack>
  );
}
