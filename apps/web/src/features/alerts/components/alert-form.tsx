import { ALERT_LABEL_MAX, type CreateAlertInput } from '@annadaan/contract/alerts';
import { type Allergen, VEG_ONLY_DIETS } from '@annadaan/contract/food-facts';
import { Button, Checkbox, Group, MultiSelect, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ALLERGEN_OPTIONS } from '../../../components/food-filter-control';
import { ApiError } from '../../../lib/api-client';
import { readFoodFilter } from '../../../lib/food-filter';
import { notifySuccess } from '../../../lib/notify';
import { useCurrentPosition } from '../../../lib/use-current-position';
import { lookupPinCode, useCreateAlert } from '../api/alerts-api';

const DISTANCES = ['1', '2', '5', '10', '15', '25'].map((km) => ({ value: km, label: `${km} km` }));
const FOOD_TYPES = [
  { value: '', label: 'Any food' },
  { value: 'PRECOOKED', label: 'Pre-cooked' },
  { value: 'RAW', label: 'Raw' },
];

type Place = { lat: number; lng: number; described: string };
type Errors = Partial<Record<'pinCode' | 'radiusKm' | 'foodType' | 'diet' | 'excludeAllergens' | 'label' | 'form', string>>;

/**
 * Saves a nearby-food alert: a place (the device's position, or a pin code looked up by the
 * server), a distance, a food type and a name the person chooses. Only they ever see it.
 */
export function AlertForm({ onSaved, headingLevel = 2 }: { onSaved?: () => void; headingLevel?: 2 | 3 }) {
  const titleId = useId();
  const [place, setPlace] = useState<Place | null>(null);
  const [pinCode, setPinCode] = useState('');
  const [radiusKm, setRadiusKm] = useState('5');
  const [foodType, setFoodType] = useState('');
  // Issue 16: starts from the page's own food filters (Browse keeps them in the URL), so an alert
  // saved from a veg-only search is a veg-only alert.
  const [searchParams] = useSearchParams();
  const [vegOnly, setVegOnly] = useState(() => readFoodFilter(searchParams).vegOnly);
  const [excludeAllergens, setExcludeAllergens] = useState<Allergen[]>(() => readFoodFilter(searchParams).excludeAllergens);
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [finding, setFinding] = useState(false);
  const create = useCreateAlert();
  const { state: position, locate } = useCurrentPosition((lat, lng) => {
    setPinCode('');
    setPlace({ lat, lng, described: 'your current location' });
    setErrors((current) => ({ ...current, pinCode: undefined }));
  });

  /** The place to save: the one chosen, or the pin code typed, looked up now. */
  const resolvePlace = async (): Promise<Place | null> => {
    const typed = pinCode.trim();
    if (typed === '') {
      if (place) return place;
      setErrors({ pinCode: 'Enter a 6-digit pin code, or use your location.' });
      return null;
    }
    if (!/^[1-9]\d{5}$/.test(typed)) {
      setErrors({ pinCode: 'Enter a 6-digit pin code.' });
      return null;
    }
    setFinding(true);
    try {
      const found = await lookupPinCode(typed);
      const chosen = { lat: found.lat, lng: found.lng, described: `${found.pin} (${found.district}, ${found.state})` };
      setPlace(chosen);
      return chosen;
    } catch (error) {
      setErrors({ pinCode: error instanceof ApiError ? (error.fieldErrors.pin ?? error.message) : 'Could not look up the pin code. Try again.' });
      return null;
    } finally {
      setFinding(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const chosen = await resolvePlace();
    if (!chosen) return;
    const input: CreateAlertInput = {
      lat: chosen.lat,
      lng: chosen.lng,
      radiusKm: Number(radiusKm),
      ...(foodType ? { foodType: foodType as 'PRECOOKED' | 'RAW' } : {}),
      label: label.trim(),
      diet: vegOnly ? [...VEG_ONLY_DIETS] : [],
      excludeAllergens,
    };
    create.mutate(input, {
      onSuccess: () => {
        notifySuccess(`Food alert saved: we will tell you about food within ${radiusKm} km of ${label.trim() || chosen.described}.`);
        setPinCode('');
        setLabel('');
        onSaved?.();
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fieldErrors : {};
        setErrors({
          pinCode: fields.lat ?? fields.lng,
          radiusKm: fields.radiusKm,
          foodType: fields.foodType,
          diet: Object.entries(fields).find(([key]) => key.startsWith('diet'))?.[1],
          excludeAllergens: Object.entries(fields).find(([key]) => key.startsWith('excludeAllergens'))?.[1],
          label: fields.label,
          form: Object.keys(fields).length === 0 ? error.message : undefined,
        });
      },
    });
  };

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={titleId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={headingLevel} size="h3" id={titleId}>
            Alert me about food near here
          </Title>
          <Text size="sm">We will tell you when food is listed within the distance you choose. Only you can see your alerts.</Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Pin code"
              placeholder="e.g. 560034"
              inputMode="numeric"
              maxLength={6}
              value={pinCode}
              onChange={(event) => {
                setPinCode(event.currentTarget.value);
                setErrors((current) => ({ ...current, pinCode: undefined }));
              }}
              error={errors.pinCode}
              style={{ flex: '1 1 10rem' }}
            />
            <Button variant="default" onClick={locate} loading={position.status === 'locating'}>
              Use my location
            </Button>
          </Group>
          {position.status === 'failed' ? (
            <Text size="sm" c="red.8" role="alert">
              {position.message}
            </Text>
          ) : null}
          {place && pinCode.trim() === '' ? (
            <Text size="sm" role="status">
              Near {place.described}
            </Text>
          ) : null}
          <Group gap="sm" grow wrap="wrap">
            <Select label="Distance" data={DISTANCES} value={radiusKm} allowDeselect={false} onChange={(value) => setRadiusKm(value ?? '5')} error={errors.radiusKm} style={{ minWidth: '8rem' }} />
            <Select label="Food type" data={FOOD_TYPES} value={foodType} allowDeselect={false} onChange={(value) => setFoodType(value ?? '')} error={errors.foodType} style={{ minWidth: '8rem' }} />
          </Group>
          <Group gap="md" align="flex-end" wrap="wrap">
            <Checkbox
              label="Veg only (vegetarian and vegan food)"
              checked={vegOnly}
              onChange={(event) => setVegOnly(event.currentTarget.checked)}
              error={errors.diet}
            />
            <MultiSelect
              label="Leave out allergens"
              placeholder={excludeAllergens.length === 0 ? 'None' : undefined}
              data={ALLERGEN_OPTIONS}
              value={excludeAllergens}
              onChange={(values) => setExcludeAllergens(values as Allergen[])}
              clearable
              error={errors.excludeAllergens}
              style={{ flex: '1 1 14rem' }}
            />
          </Group>
          <TextInput
            label="Name (optional)"
            description="Shown in your alerts, e.g. Home or Work"
            placeholder="e.g. Home"
            maxLength={ALERT_LABEL_MAX}
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            error={errors.label}
          />
          {errors.form ? (
            <Text size="sm" c="red.8" role="alert">
              {errors.form}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" loading={finding || create.isPending}>
              Save alert
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
