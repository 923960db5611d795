import '@mantine/dates/styles.css';
import { extractPinCode } from '@annadaan/contract/common';
import { type CreateDonationInput, CreateDonationInputSchema, DonationMessages, parseGeolocation, preparedAtProblem } from '@annadaan/contract/donations';
import { ALLERGENS, type Allergen, DIETS, type Diet, SAFETY_CHECKS, type SafetyCheck, allergenLabels, safetyCheckLabels } from '@annadaan/contract/food-facts';
import { Button, Checkbox, Group, Input, NumberInput, Radio, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { ApiError, errorMessage, serverMessage } from '../../../lib/api-client';
import { IconCurrentLocation } from '@tabler/icons-react';
import { DietMark } from '../../../components/diet-mark';
import { FormAlert } from '../../../components/form-alert';
import { LazyPinPickerMap } from '../../../components/map/lazy-maps';
import { pinCodeQuery } from '../../../lib/pincodes-api';
import { type FormErrors, splitSummary, submitFailure, zodFormErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentPosition } from '../../../lib/use-current-position';
import { reverseGeocode, useCreateDonation } from '../api/donations-api';
import { deliveryTypeLabels } from './labels';
import { PhotoField } from './photo-field';

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
  /** Issue 16: what the food is. Required for cooked food in this form (the API also takes old clients' blanks). */
  diet: '' | Diet;
  jain: boolean;
  /** The ticked allergens, or [NONE_KNOWN] alone: "None known" is an answer, not a blank. */
  allergens: string[];
  /** The browser's local "YYYY-MM-DDTHH:mm" of a datetime-local input, or ''. */
  preparedAt: string;
  safetyChecklist: SafetyCheck[];
}

const NONE_KNOWN = 'NONE_KNOWN';

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
  'diet',
  'jain',
  'allergens',
  'preparedAt',
  'safetyChecklist',
  'imageUrl',
] as const;

const PIN_INLINE = 'A valid 6-digit pin code is required.';
const REQUIRED_ALERT = DonationMessages.required;
/** Each empty required field says what it wants; the spec's 'Please fill all required fields.' shows once. */
const REQUIRED_TEXTS: Record<string, string> = {
  foodName: 'Enter the food name.',
  description: 'Enter a description.',
  quantity: 'Enter the quantity.',
  location: 'Enter the pickup address.',
  expiryDateTime: 'Choose when the raw food expires.',
};

/** The allergens as the API takes them: [] for "None known", left out when nothing is ticked. */
function allergensInput(values: DonateValues): Allergen[] | undefined {
  if (values.allergens.includes(NONE_KNOWN)) return [];
  const ticked = ALLERGENS.filter((allergen) => values.allergens.includes(allergen));
  return ticked.length > 0 ? ticked : undefined;
}

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
    diet: values.diet || undefined,
    jain: values.jain,
    allergens: allergensInput(values),
    // Cooked food only; the form always sends the checklist for it, so the contract asks for every fact.
    ...(values.foodType === 'PRECOOKED'
      ? { preparedAt: values.preparedAt ? dayjs(values.preparedAt).toISOString() : undefined, safetyChecklist: values.safetyChecklist }
      : {}),
  };
}

/** The form's errors, each once: its own text on each field, the spec's required message once for the form. */
function check(values: DonateValues): { fieldErrors: FormErrors; summary: string | null } {
  const errors = zodFormErrors(CreateDonationInputSchema, toInput(values));
  // The inline pin-code message is the spec's inline one (section 5).
  if (values.location.trim() && !extractPinCode(values.location)) errors.location = PIN_INLINE;
  // The cooking time's clock rules, checked here too so the donor hears at once.
  if (values.foodType === 'PRECOOKED' && values.preparedAt && !errors.preparedAt) {
    const problem = preparedAtProblem(dayjs(values.preparedAt).toDate(), new Date());
    if (problem) errors.preparedAt = problem;
  }
  // Raw food needs its expiry; the contract says so with the required message too.
  return splitSummary(errors, REQUIRED_ALERT, REQUIRED_TEXTS);
}

const validate = (values: DonateValues): FormErrors => check(values).fieldErrors;

export function DonateForm({ onDonated }: { onDonated: () => void }) {
  const create = useCreateDonation();
  const [uploading, setUploading] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [resolvedAddress, setResolvedAddress] = useState<string | null>(null);
  const addressFilled = useRef(false);
  /** The donor moved the pin on the map: the point is theirs, not the device's. */
  const [pinPlaced, setPinPlaced] = useState(false);

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
      diet: '',
      jain: false,
      allergens: [],
      preparedAt: '',
      safetyChecklist: [],
    },
    validate,
    onValuesChange: (values, previous) => {
      // The form's one message goes once what caused it is fixed; each field's clears itself on edit.
      // The required summary stays while something required is still empty.
      setFormError((current) => (current === REQUIRED_ALERT && check(values).summary !== null ? current : null));
      // Spec section 4: switching to free clears the price; switching food type resets refrigeration.
      if (values.free === 'yes' && previous.free !== 'yes' && values.price !== '') form.setFieldValue('price', '');
      if (values.foodType !== previous.foodType && values.refrigerationAvailable !== '') {
        form.setFieldValue('refrigerationAvailable', '');
      }
    },
  });

  // The position goes to the server as "lat,lng"; the donor sees the address it stands for.
  const position = useCurrentPosition(
    (lat, lng) => {
      setPinPlaced(false);
      form.setFieldValue('geolocation', `${lat.toFixed(6)},${lng.toFixed(6)}`);
      reverseGeocode(lat, lng)
        .then(({ address }) => {
          setResolvedAddress(address || '');
          // The pickup address is pre-filled once, and never over what the donor typed.
          if (addressFilled.current) return;
          addressFilled.current = true;
          if (address && !form.getValues().location.trim()) form.setFieldValue('location', address);
        })
        .catch(() => setResolvedAddress('')); // The spec fails silently: the donor types the address instead.
    },
    { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
  );

  const onSubmit = async (values: DonateValues) => {
    // mutateAsync: an expired session sends the app to /signin, unmounting this form before
    // mutate's callbacks would run, and the person must still be told why (spec section 5).
    try {
      await create.mutateAsync(toInput(values));
      notifySuccess('Donation submitted successfully!');
      onDonated();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        // A toast: the app is already on its way to the sign-in screen.
        notifyError('Login required');
        return;
      }
      // Once, next to its cause: the fields the server named, else the spec's text by the button.
      const failure = submitFailure(error, FIELDS, `Donation failed: ${serverMessage(error) ?? errorMessage(error)}`);
      form.setErrors(failure.fieldErrors);
      setFormError(failure.formError);
    }
  };

  const values = form.getValues();
  // Issue 15: a small map to correct the point, from the device's position or, once the typed
  // address has a pin code, from that pin code's centre (the point is set when the pin moves).
  const point = parseGeolocation(values.geolocation);
  const typedPin = extractPinCode(values.location);
  const pinPlace = useQuery({ ...pinCodeQuery(typedPin ?? ''), enabled: typedPin !== null && point === null });
  const mapPoint = point ? { lat: point.latitude, lng: point.longitude } : pinPlace.data ? { lat: pinPlace.data.lat, lng: pinPlace.data.lng } : null;
  const placePin = (lat: number, lng: number) => {
    setPinPlaced(true);
    form.setFieldValue('geolocation', `${lat.toFixed(6)},${lng.toFixed(6)}`);
  };
  const locationHint = pinPlaced
    ? 'Pickup point set on the map.'
    : position.state.status === 'locating'
      ? 'Detecting location...'
      : position.state.status === 'failed'
        ? position.state.message
        : values.geolocation
          ? resolvedAddress === null
            ? 'Location found. Looking up its address...'
            : `Location found: ${resolvedAddress || 'no address could be looked up for it.'}`
          : null;

  const onInvalid = (errors: Record<string, unknown>) => {
    setFormError(check(form.getValues()).summary);
    // The first field to fix gets the focus, so the donor is taken to it.
    const first = FIELDS.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((submitted) => {
        setFormError(null);
        return onSubmit(submitted);
      }, onInvalid)}
    >
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

        <Radio.Group
          label="Diet"
          description="Veg is vegetarian without egg; vegan has no milk, egg or honey either."
          required={values.foodType === 'PRECOOKED'}
          {...form.getInputProps('diet')}
        >
          <Group mt={6} gap="lg">
            {DIETS.map((diet) => (
              <Radio key={diet} value={diet} label={<DietMark diet={diet} />} />
            ))}
          </Group>
        </Radio.Group>
        <Checkbox
          label="Jain-friendly: no onion, garlic or root vegetables"
          {...form.getInputProps('jain', { type: 'checkbox' })}
        />
        <Checkbox.Group
          label="Allergens"
          description="Tick each allergen the food contains (FSSAI list), or None known."
          required={values.foodType === 'PRECOOKED'}
          {...form.getInputProps('allergens')}
          onChange={(next) => {
            // "None known" and an allergen exclude each other: the newest tick wins.
            const added = next.find((value) => !values.allergens.includes(value));
            form.setFieldValue('allergens', added === NONE_KNOWN ? [NONE_KNOWN] : next.filter((value) => value !== NONE_KNOWN));
          }}
        >
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing={6} mt={6}>
            <Checkbox value={NONE_KNOWN} label="None known" />
            {ALLERGENS.map((allergen) => (
              <Checkbox key={allergen} value={allergen} label={allergenLabels[allergen]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>

        {values.foodType === 'PRECOOKED' && (
          <TextInput
            type="datetime-local"
            label="When was it cooked?"
            description="Cooked food is listed for at most 4 hours after cooking."
            required
            max={dayjs().format('YYYY-MM-DDTHH:mm')}
            {...form.getInputProps('preparedAt')}
          />
        )}
        {values.foodType === 'PRECOOKED' && (
          <Checkbox.Group
            label="Safety checklist"
            description="Tick each point to confirm it. Receivers see this checklist."
            required
            {...form.getInputProps('safetyChecklist')}
          >
            <Stack gap={6} mt={6}>
              {SAFETY_CHECKS.map((check) => (
                <Checkbox key={check} value={check} label={safetyCheckLabels[check]} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}

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
              : 'Pre-cooked food is listed for at most 4 hours after cooking.'
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
        <Input.Wrapper
          label="Map location (optional)"
          description="Helps receivers find the pickup point. Only the area is shown to others."
          error={form.errors.geolocation}
        >
          <Stack gap={4} mt={4}>
            <Button
              variant="default"
              leftSection={<IconCurrentLocation size={18} aria-hidden="true" />}
              onClick={position.locate}
              loading={position.state.status === 'locating'}
              style={{ alignSelf: 'flex-start' }}
            >
              Use my current location
            </Button>
            <Text
              size="sm"
              role="status"
              data-testid="resolved-location"
              c={position.state.status === 'failed' ? 'red.8' : undefined}
              style={{ overflowWrap: 'anywhere' }}
            >
              {locationHint ?? ''}
            </Text>
            {mapPoint ? <LazyPinPickerMap point={mapPoint} approximate={point === null} onMove={placePin} /> : null}
          </Stack>
        </Input.Wrapper>

        <PhotoField value={values.imageUrl} onChange={(url) => form.setFieldValue('imageUrl', url)} onBusyChange={setUploading} />

        <Button type="submit" size="md" loading={create.isPending} disabled={uploading}>
          Donate
        </Button>
        <FormAlert message={formError} />
      </Stack>
    </form>
  );
}
