import { ALERT_LABEL_MAX, type CreateAlertInput } from '@annadaan/contract/alerts';
import { ALLERGENS, type Allergen, VEG_ONLY_DIETS } from '@annadaan/contract/diets-and-allergens';
import { Button, Checkbox, Group, Loader, MultiSelect, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, Suspense, useId, useState } from 'react';
import { Trans, useTranslation } from '../../../i18n/react';
import { useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { readFoodFilter } from '../../../lib/food-filter';
import { notifySuccess } from '../../../lib/notify';
import { useCurrentPosition } from '../../../lib/use-current-position';
import { lookupPinCode, useCreateAlert } from '../api/alerts-api';

const DISTANCES = ['1', '2', '5', '10', '15', '25'];
const FOOD_TYPES = ['PRECOOKED', 'RAW'] as const;

/** A chosen point; `pinPlace` says which pin code it came from ("560034 (Bengaluru Urban, Karnataka)"), else it is the device's position. */
type Place = { lat: number; lng: number; pinPlace?: string };
type Errors = Partial<Record<'pinCode' | 'radiusKm' | 'foodType' | 'diet' | 'excludeAllergens' | 'label' | 'form', string>>;

/**
 * Saves a nearby-food alert: a place (the device's position, or a pin code looked up by the
 * server), a distance, a food type and a name the person chooses. Only they ever see it.
 */
export function AlertForm(props: AlertFormProps) {
  // Browse opens this form in place: its catalog loads here, not by hiding the whole page.
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <AlertFormFields {...props} />
    </Suspense>
  );
}

interface AlertFormProps {
  onSaved?: () => void;
  headingLevel?: 2 | 3;
}

function AlertFormFields({ onSaved, headingLevel = 2 }: AlertFormProps) {
  const { t } = useTranslation(['alerts', 'common']);
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
    setPlace({ lat, lng });
    setErrors((current) => ({ ...current, pinCode: undefined }));
  });

  /** The place to save: the one chosen, or the pin code typed, looked up now. */
  const resolvePlace = async (): Promise<Place | null> => {
    const typed = pinCode.trim();
    if (typed === '') {
      if (place) return place;
      setErrors({ pinCode: t('form.pinRequired') });
      return null;
    }
    if (!/^[1-9]\d{5}$/.test(typed)) {
      setErrors({ pinCode: t('form.pinMalformed') });
      return null;
    }
    setFinding(true);
    try {
      const found = await lookupPinCode(typed);
      const chosen = { lat: found.lat, lng: found.lng, pinPlace: `${found.pin} (${found.district}, ${found.state})` };
      setPlace(chosen);
      return chosen;
    } catch (error) {
      setErrors({ pinCode: error instanceof ApiError ? (error.fieldMessage('pin') ?? error.shownMessage) : t('form.lookupFailed') });
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
        notifySuccess(t('form.saved', { radius: radiusKm, place: label.trim() || chosen.pinPlace || t('form.currentLocation') }));
        setPinCode('');
        setLabel('');
        onSaved?.();
      },
      onError: (error) => {
        const fields: Record<string, string> =
          error instanceof ApiError ? Object.fromEntries(Object.keys(error.fieldErrors).map((key) => [key, error.fieldMessage(key) ?? ''])) : {};
        setErrors({
          pinCode: fields.lat ?? fields.lng,
          radiusKm: fields.radiusKm,
          foodType: fields.foodType,
          diet: Object.entries(fields).find(([key]) => key.startsWith('diet'))?.[1],
          excludeAllergens: Object.entries(fields).find(([key]) => key.startsWith('excludeAllergens'))?.[1],
          label: fields.label,
          form: Object.keys(fields).length === 0 ? errorMessage(error) : undefined,
        });
      },
    });
  };

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={titleId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={headingLevel} size="h3" id={titleId}>
            {t('form.title')}
          </Title>
          <Text size="sm">{t('form.intro')}</Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('form.pinCode')}
              placeholder={t('form.pinCodePlaceholder')}
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
              {t('form.useMyLocation')}
            </Button>
          </Group>
          {position.status === 'failed' ? (
            <Text size="sm" c="red.8" role="alert">
              {position.message}
            </Text>
          ) : null}
          {place && pinCode.trim() === '' ? (
            <Text size="sm" role="status">
              {/* The pin code's district and state are the geocoder's names, not the app's words. */}
              {place.pinPlace ? (
                <Trans t={t} i18nKey="form.near" values={{ place: place.pinPlace }} components={[<span translate="no" />]} />
              ) : (
                t('form.nearCurrent')
              )}
            </Text>
          ) : null}
          <Group gap="sm" grow wrap="wrap">
            <Select
              label={t('form.distance')}
              data={DISTANCES.map((km) => ({ value: km, label: t('form.distanceOption', { km }) }))}
              value={radiusKm}
              allowDeselect={false}
              onChange={(value) => setRadiusKm(value ?? '5')}
              error={errors.radiusKm}
              style={{ minWidth: '8rem' }}
            />
            <Select
              label={t('form.foodType')}
              data={[{ value: '', label: t('form.anyFood') }, ...FOOD_TYPES.map((type) => ({ value: type, label: t(`common:enums.foodType.${type}`) }))]}
              value={foodType}
              allowDeselect={false}
              onChange={(value) => setFoodType(value ?? '')}
              error={errors.foodType}
              style={{ minWidth: '8rem' }}
            />
          </Group>
          <Group gap="md" align="flex-end" wrap="wrap">
            <Checkbox label={t('form.vegOnly')} checked={vegOnly} onChange={(event) => setVegOnly(event.currentTarget.checked)} error={errors.diet} />
            <MultiSelect
              label={t('form.allergens')}
              placeholder={excludeAllergens.length === 0 ? t('form.allergensNone') : undefined}
              data={ALLERGENS.map((allergen) => ({ value: allergen, label: t(`common:enums.allergen.${allergen}`) }))}
              value={excludeAllergens}
              onChange={(values) => setExcludeAllergens(values as Allergen[])}
              clearable
              error={errors.excludeAllergens}
              style={{ flex: '1 1 14rem' }}
            />
          </Group>
          <TextInput
            label={t('form.name')}
            description={t('form.nameHint')}
            placeholder={t('form.namePlaceholder')}
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
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
