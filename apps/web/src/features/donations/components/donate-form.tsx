import '@mantine/dates/styles.css';
import { extractPinCode } from '@annadaan/contract/common';
import { type CreateDonationInput, CreateDonationInputSchema, DonationMessages } from '@annadaan/contract/donations';
import { Button, Group, NumberInput, Radio, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { ApiError, errorMessage, serverMessage } from '../../../lib/api-client';
import { type FormErrors, serverFieldErrors, zodFormErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { reverseGeocode, useCreateDonation } from '../api/donations-api';
import { deliveryTypeLabels } from './labels';
import { PhotoField } from './photo-field';
import { useDeviceLocation } from './use-device-location';

interface DonateValues {
  foodName: string;
  description: string;
  quantity: string;
  /** DateTimePicker's local "YYYY-MM-DD HH:mm:ss", or null. */
  expiryDateTime: string | null;
  free: 'yes' | 'no';
  price: number | string;
  location: string;
  geolocation: string;
  deliveryType: 'SELF_PICKUP' | 'DELIVERY_PARTNER' | 'ANY';
  foodType: 'PRECOOKED' | 'RAW';
  refrigerationAvailable: '' | 'yes' | 'no';
  imageUrl: string;
}

const FIELDS = [
  'foodName',
  'description',
  'quantity',
  'expiryDateTime',
  'free',
  'price',
  'location',
  'geolocation',
  'deliveryType',
  'foodType',
  'refrigerationAvailable',
  'imageUrl',
] as const;

const PIN_INLINE = 'A valid 6-digit pin code is required.';
const PIN_ALERT = DonationMessages.pinCode;
const REQUIRED_ALERT = DonationMessages.required;

/** The payload the contract validates: the form keeps strings, the API wants typed values. */
function toInput(values: DonateValues): CreateDonationInput {
  return {
    foodName: values.foodName.trim(),
    description: values.description.trim(),
    quantity: values.quantity.trim(),
    expiryDateTime: values.expiryDateTime ? dayjs(values.expiryDateTime).toISOString() : undefined,
    free: values.free === 'yes',
    price: values.free === 'yes' ? 0 : values.price === '' ? Number.NaN : Number(values.price),
    location: values.location.trim(),
    geolocation: values.geolocation.trim() || undefined,
    deliveryType: values.deliveryType,
    foodType: values.foodType,
    refrigerationAvailable:
      values.foodType === 'RAW' ? false : values.refrigerationAvailable === '' ? undefined : values.refrigerationAvailable === 'yes',
    imageUrl: values.imageUrl || undefined,
  };
}

/** The required fields the spec names; any of them empty gives one message (section 5). */
function missingRequired(values: DonateValues): boolean {
  return (
    !values.foodName.trim() ||
    !values.description.trim() ||
    !values.quantity.trim() ||
    !values.location.trim() ||
    (values.foodType === 'RAW' && !values.expiryDateTime)
  );
}

function validate(values: DonateValues): FormErrors {
  const errors = zodFormErrors(CreateDonationInputSchema, toInput(values));
  // The inline pin-code message is shorter than the alert's (spec section 5).
  if (values.location.trim() && !extractPinCode(values.location)) errors.location = PIN_INLINE;
  return errors;
}

/** The alert for a failed submit, in the order the spec checks: required, pin code, price, refrigeration. */
function alertFor(values: DonateValues, errors: FormErrors): string {
  if (missingRequired(values)) return REQUIRED_ALERT;
  if (errors.location) return errors.location === PIN_INLINE ? PIN_ALERT : errors.location;
  return errors.price ?? errors.refrigerationAvailable ?? Object.values(errors)[0] ?? REQUIRED_ALERT;
}

export function DonateForm({ onDonated }: { onDonated: () => void }) {
  const create = useCreateDonation();
  const [uploading, setUploading] = useState(false);
  const addressFilled = useRef(false);

  const form = useForm<DonateValues>({
    initialValues: {
      foodName: '',
      description: '',
      quantity: '',
      expiryDateTime: null,
      free: 'yes',
      price: '',
      location: '',
      geolocation: '',
      deliveryType: 'SELF_PICKUP',
      foodType: 'PRECOOKED',
      refrigerationAvailable: '',
      imageUrl: '',
    },
    validate,
    onValuesChange: (values, previous) => {
      // Spec section 4: switching to free clears the price; switching food type resets refrigeration.
      if (values.free === 'yes' && previous.free !== 'yes' && values.price !== '') form.setFieldValue('price', '');
      if (values.foodType !== previous.foodType && values.refrigerationAvailable !== '') {
        form.setFieldValue('refrigerationAvailable', '');
      }
    },
  });

  const location = useDeviceLocation((lat, lng) => {
    form.setFieldValue('geolocation', `${lat.toFixed(6)},${lng.toFixed(6)}`);
    // The address is pre-filled once, and never over what the donor typed.
    if (addressFilled.current) return;
    addressFilled.current = true;
    reverseGeocode(lat, lng)
      .then(({ address }) => {
        if (address && !form.getValues().location.trim()) form.setFieldValue('location', address);
      })
      .catch(() => undefined); // The spec fails silently: the donor types the address instead.
  });

  const onSubmit = async (values: DonateValues) => {
    // mutateAsync: an expired session sends the app to /signin, unmounting this form before
    // mutate's callbacks would run, and the person must still be told why (spec section 5).
    try {
      await create.mutateAsync(toInput(values));
      notifySuccess('Donation submitted successfully!');
      onDonated();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        notifyError('Login required');
        return;
      }
      form.setErrors(serverFieldErrors(error, FIELDS));
      notifyError(`Donation failed: ${serverMessage(error) ?? errorMessage(error)}`);
    }
  };

  const values = form.getValues();
  const locationHint =
    location.status === 'detecting'
      ? 'Detecting location...'
      : location.status === 'failed'
        ? 'Unable to retrieve your location'
        : location.status === 'unsupported'
          ? 'Geolocation is not supported by your browser'
          : null;

  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit, (errors) => notifyError(alertFor(form.getValues(), errors as FormErrors)))}>
      <Stack gap="md">
        <TextInput label="Food name" required maxLength={100} {...form.getInputProps('foodName')} />
        <Textarea
          label="Description"
          required
          autosize
          minRows={2}
          maxLength={1000}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Quantity"
            description="For example: 2 plates, 5 kg"
            required
            maxLength={100}
            {...form.getInputProps('quantity')}
          />
          <Select
            label="Delivery type"
            data={Object.entries(deliveryTypeLabels).map(([value, label]) => ({ value, label }))}
            allowDeselect={false}
            {...form.getInputProps('deliveryType')}
          />
        </SimpleGrid>

        <Radio.Group label="Food type" required {...form.getInputProps('foodType')}>
          <Group mt={6}>
            <Radio value="PRECOOKED" label="Pre-cooked" />
            <Radio value="RAW" label="Raw" />
          </Group>
        </Radio.Group>

        {values.foodType === 'PRECOOKED' && (
          <Radio.Group
            label="Is refrigeration available?"
            required
            {...form.getInputProps('refrigerationAvailable')}
           
          >
            <Group mt={6}>
              <Radio value="yes" label="Yes" />
              <Radio value="no" label="No" />
            </Group>
          </Radio.Group>
        )}

        <DateTimePicker
          label="Expiry date and time"
          description={
            values.foodType === 'RAW'
              ? 'Required for raw food, at most 30 days ahead.'
              : 'Pre-cooked food is listed for at most 4 hours.'
          }
          required={values.foodType === 'RAW'}
          clearable
          minDate={new Date()}
          valueFormat="DD MMM YYYY, hh:mm A"
          timePickerProps={{ format: '12h' }}
          {...form.getInputProps('expiryDateTime')}
        />

        <Radio.Group label="Is it free?" {...form.getInputProps('free')}>
          <Group mt={6}>
            <Radio value="yes" label="Yes, free" />
            <Radio value="no" label="No, paid" />
          </Group>
        </Radio.Group>
        {values.free === 'no' && (
          <NumberInput
            label="Price (₹)"
            required
            min={0}
            decimalScale={2}
            prefix="₹"
            allowNegative={false}
            {...form.getInputProps('price')}
          />
        )}

        <Textarea
          label="Pickup Address"
          description="Include the 6-digit pin code. Everyone browsing sees this, so an area or landmark is enough."
          required
          autosize
          minRows={2}
          maxLength={300}
          {...form.getInputProps('location')}
        />
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Geolocation (lat,lng)"
            placeholder="12.934500,77.626500"
            style={{ flex: 1 }}
            {...form.getInputProps('geolocation')}
          />
          <Button variant="default" onClick={location.detect} loading={location.status === 'detecting'} disabled={location.status === 'unsupported'}>
            Detect my location
          </Button>
        </Group>
        <Text size="sm" role="status" c={location.status === 'failed' ? 'red.8' : 'dimmed'} mt={-8}>
          {locationHint ?? ''}
        </Text>

        <PhotoField value={values.imageUrl} onChange={(url) => form.setFieldValue('imageUrl', url)} onBusyChange={setUploading} />

        <Button type="submit" size="md" loading={create.isPending} disabled={uploading}>
          Donate
        </Button>
      </Stack>
    </form>
  );
}
