import { extractPinCode } from '@annadaan/contract/common';
import { type CreateDonationInput, CreateDonationInputSchema, type Donation, preparedAtProblem } from '@annadaan/contract/donations';
import { msg } from '@annadaan/contract/message-codes';
import type { PortionUnit } from '@annadaan/contract/portions';
import { ALLERGENS, type Allergen, DIETS, type Diet, SAFETY_CHECKS, type SafetyCheck } from '@annadaan/contract/diets-and-allergens';
import { Button, Checkbox, Group, NumberInput, Radio, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ApiError, errorMessage, serverMessage } from '../../../lib/api-client';
import { DATE_TIME_FIELD_FORMAT, DateTimeField } from '../../../components/date-time-field';
import { OrganisationChoice } from '../../../components/organisation-choice';
import { DietMark } from '../../../components/diet-mark';
import { FormAlert } from '../../../components/form-alert';
import { LocationPicker } from '../../../components/location-picker';
import { type FormErrors, codedMessage, contractMessage, splitSummary, submitFailure, zodFormErrors } from '../../../lib/form-errors';
import { notifyError } from '../../../lib/notify';
import { useCreateDonation } from '../api/donations-api';
import { PhotoField } from './photo-field';
import { PortionsFields } from './portions-fields';

interface DonateValues {
  foodName: string;
  description: string;
  quantity: string;
  /** The DateTimeField's local "YYYY-MM-DDTHH:mm", or ''. */
  expiryDateTime: string;
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
  /** The DateTimeField's local "YYYY-MM-DDTHH:mm", or ''. */
  preparedAt: string;
  safetyChecklist: SafetyCheck[];
  /** Issue 32: the organisation it is given as (its id as text), '' for the donor alone. */
  organisationId: string;
  /** Issue 33: shared out in portions among several receivers; the portions' fields count only when ticked. */
  share: boolean;
  portions: { total: number | string; unit: '' | PortionUnit; maxPerRequest: number | string; autoAccept: boolean };
  /** Issue 33: minutes from listing during which only verified organisations may ask ('' is none). */
  organisationsOnlyMinutes: number | string;
}

const NONE_KNOWN = 'NONE_KNOWN';

/** In the order the form asks them (photo and food first, issue 29), so the first to fix gets the focus. */
const FIELDS = [
  'organisationId',
  'imageUrl',
  'foodName',
  'quantity',
  'description',
  'foodType',
  'diet',
  'jain',
  'allergens',
  'preparedAt',
  'refrigerationAvailable',
  'safetyChecklist',
  'expiryDateTime',
  'free',
  'price',
  'deliveryType',
  'location',
  'geolocation',
  'portions.total',
  'portions.unit',
  'portions.maxPerRequest',
  'portions.autoAccept',
  'organisationsOnlyMinutes',
] as const;

/** The fields ticked rather than typed. */
const CHECKBOXES: ReadonlySet<string> = new Set(['jain', 'portions.autoAccept']);

/** The spec's required message (section 5), as the contract's schema gives it: its code. */
const REQUIRED_ALERT = msg('REQUIRED_FIELDS');
const DELIVERY_TYPES = ['SELF_PICKUP', 'DELIVERY_PARTNER', 'ANY'] as const;

/** Each empty required field says what it wants; the spec's 'Please fill all required fields.' shows once. */
function requiredTexts(t: TFunction<'donations'>): Record<string, string> {
  return {
    foodName: t('form.required.foodName'),
    description: t('form.required.description'),
    quantity: t('form.required.quantity'),
    location: t('form.required.location'),
    expiryDateTime: t('form.required.expiryDateTime'),
  };
}

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
    refrigerationAvailable: values.foodType === 'RAW' ? false : values.refrigerationAvailable === '' ? undefined : values.refrigerationAvailable === 'yes',
    imageUrl: values.imageUrl || undefined,
    diet: values.diet || undefined,
    jain: values.jain,
    allergens: allergensInput(values),
    organisationId: values.organisationId ? Number(values.organisationId) : undefined,
    // Issue 33: the contract reads the typed numbers (and '' as left out) itself.
    portions: values.share
      ? {
          total: values.portions.total,
          unit: values.portions.unit || undefined,
          maxPerRequest: values.portions.maxPerRequest,
          autoAccept: values.portions.autoAccept,
        }
      : undefined,
    organisationsOnlyMinutes: values.organisationsOnlyMinutes,
    // Cooked food only; the form always sends the checklist for it, so the contract asks for every fact.
    ...(values.foodType === 'PRECOOKED'
      ? { preparedAt: values.preparedAt ? dayjs(values.preparedAt).toISOString() : undefined, safetyChecklist: values.safetyChecklist }
      : {}),
  };
}

/** The form's errors, each once: its own text on each field, the spec's required message once for the form. */
function check(values: DonateValues, t: TFunction<'donations'>): { fieldErrors: FormErrors; summary: string | null } {
  const errors = zodFormErrors(CreateDonationInputSchema, toInput(values));
  // The inline pin-code message is the spec's inline one (section 5).
  if (values.location.trim() && !extractPinCode(values.location)) errors.location = t('form.pinInline');
  // The cooking time's clock rules, checked here too so the donor hears at once.
  if (values.foodType === 'PRECOOKED' && values.preparedAt && !errors.preparedAt) {
    const problem = preparedAtProblem(dayjs(values.preparedAt).toDate(), new Date());
    if (problem) errors.preparedAt = codedMessage(problem);
  }
  // Raw food needs its expiry; the contract says so with the required message too.
  return splitSummary(errors, REQUIRED_ALERT, requiredTexts(t));
}

export function DonateForm({ onDonated }: { onDonated: (donation: Donation) => void }) {
  const { t } = useTranslation(['donations', 'common']);
  const tDonations = useTranslation('donations').t;
  const create = useCreateDonation();
  const [uploading, setUploading] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<DonateValues>({
    initialValues: {
      foodName: '',
      description: '',
      quantity: '',
      expiryDateTime: '',
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
      organisationId: '',
      share: false,
      portions: { total: '', unit: '', maxPerRequest: '', autoAccept: false },
      organisationsOnlyMinutes: '',
    },
    validate: (values) => check(values, tDonations).fieldErrors,
    onValuesChange: (values, previous) => {
      // The form's one message goes once what caused it is fixed; each field's clears itself on edit.
      // The required summary stays while something required is still empty.
      setFormError((current) => (current === contractMessage(REQUIRED_ALERT) && check(values, tDonations).summary !== null ? current : null));
      // Spec section 4: switching to free clears the price; switching food type resets refrigeration.
      if (values.free === 'yes' && previous.free !== 'yes' && values.price !== '') form.setFieldValue('price', '');
      if (values.foodType !== previous.foodType && values.refrigerationAvailable !== '') {
        form.setFieldValue('refrigerationAvailable', '');
      }
    },
  });

  const onSubmit = async (values: DonateValues) => {
    // mutateAsync: an expired session sends the app to /signin, unmounting this form before
    // mutate's callbacks would run, and the person must still be told why (spec section 5).
    try {
      // The spec's success words head the result screen the donor lands on (issue 29), not a toast.
      onDonated(await create.mutateAsync(toInput(values)));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        // A toast: the app is already on its way to the sign-in screen.
        notifyError(t('form.loginRequired'));
        return;
      }
      // Once, next to its cause: the fields the server named, else the spec's text by the button.
      const failure = submitFailure(error, FIELDS, t('form.failed', { message: serverMessage(error) ?? errorMessage(error) }));
      form.setErrors(failure.fieldErrors);
      setFormError(failure.formError);
    }
  };

  const values = form.getValues();
  // Each field's value, error and handlers (the jain box is a checkbox), named once here.
  const inputs = Object.fromEntries(FIELDS.map((name) => [name, form.getInputProps(name, CHECKBOXES.has(name) ? { type: 'checkbox' } : undefined)])) as Record<
    (typeof FIELDS)[number],
    ReturnType<typeof form.getInputProps>
  >;
  const onInvalid = (errors: Record<string, unknown>) => {
    setFormError(check(form.getValues(), tDonations).summary);
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
        <OrganisationChoice
          purpose="donate"
          value={values.organisationId}
          onChange={(value) => form.setFieldValue('organisationId', value)}
          error={inputs.organisationId.error as string | undefined}
        />
        <PhotoField value={values.imageUrl} onChange={(url) => form.setFieldValue('imageUrl', url)} onBusyChange={setUploading} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('form.foodName')} required maxLength={100} {...inputs.foodName} />
          <TextInput label={t('form.quantity')} description={t('form.quantityHint')} required maxLength={100} {...inputs.quantity} />
        </SimpleGrid>
        <Textarea label={t('form.description')} required autosize minRows={2} maxLength={1000} {...inputs.description} />

        <Radio.Group label={t('form.foodType')} required {...inputs.foodType}>
          <Group mt={6}>
            <Radio value="PRECOOKED" label={t('common:enums.foodType.PRECOOKED')} />
            <Radio value="RAW" label={t('common:enums.foodType.RAW')} />
          </Group>
        </Radio.Group>

        <Radio.Group label={t('form.diet')} description={t('form.dietHint')} required={values.foodType === 'PRECOOKED'} {...inputs.diet}>
          <Group mt={6} gap="lg">
            {DIETS.map((diet) => (
              <Radio key={diet} value={diet} label={<DietMark diet={diet} />} />
            ))}
          </Group>
        </Radio.Group>
        <Checkbox label={t('form.jain')} {...inputs.jain} />
        <Checkbox.Group
          label={t('form.allergens')}
          description={t('form.allergensHint')}
          required={values.foodType === 'PRECOOKED'}
          {...inputs.allergens}
          onChange={(next) => {
            // "None known" and an allergen exclude each other: the newest tick wins.
            const added = next.find((value) => !values.allergens.includes(value));
            form.setFieldValue('allergens', added === NONE_KNOWN ? [NONE_KNOWN] : next.filter((value) => value !== NONE_KNOWN));
          }}
        >
          {/* Two columns on a phone too: eleven short names in one column were a screen on their own. */}
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing={6} mt={6}>
            <Checkbox value={NONE_KNOWN} label={t('facts.noneKnown')} />
            {ALLERGENS.map((allergen) => (
              <Checkbox key={allergen} value={allergen} label={t(`common:enums.allergen.${allergen}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>

        {values.foodType === 'PRECOOKED' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateTimeField
              label={t('form.preparedAt')}
              description={t('form.preparedAtHint')}
              required
              max={dayjs().format(DATE_TIME_FIELD_FORMAT)}
              {...inputs.preparedAt}
            />
            <Radio.Group label={t('form.refrigeration')} required {...inputs.refrigerationAvailable}>
              <Group mt={6}>
                <Radio value="yes" label={t('yes')} />
                <Radio value="no" label={t('no')} />
              </Group>
            </Radio.Group>
          </SimpleGrid>
        )}
        {values.foodType === 'PRECOOKED' && (
          <Checkbox.Group label={t('facts.safetyChecklist')} description={t('form.safetyHint')} required {...inputs.safetyChecklist}>
            <Stack gap={6} mt={6}>
              {SAFETY_CHECKS.map((check) => (
                <Checkbox key={check} value={check} label={t(`common:enums.safetyCheck.${check}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}

        <DateTimeField
          label={t('form.expiry')}
          description={values.foodType === 'RAW' ? t('form.expiryRawHint') : t('form.expiryCookedHint')}
          required={values.foodType === 'RAW'}
          min={dayjs().format(DATE_TIME_FIELD_FORMAT)}
          {...inputs.expiryDateTime}
        />

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap="md">
            <Radio.Group label={t('form.free')} {...inputs.free}>
              <Group mt={6}>
                <Radio value="yes" label={t('form.freeYes')} />
                <Radio value="no" label={t('form.freeNo')} />
              </Group>
            </Radio.Group>
            {values.free === 'no' && (
              <NumberInput label={t('form.price')} required min={0} decimalScale={2} prefix="₹" allowNegative={false} {...inputs.price} />
            )}
          </Stack>
          <Select
            label={t('form.deliveryType')}
            data={DELIVERY_TYPES.map((value) => ({ value, label: t(`common:enums.deliveryType.${value}`) }))}
            allowDeselect={false}
            {...inputs.deliveryType}
          />
        </SimpleGrid>

        <PortionsFields
          share={values.share}
          onShareChange={(share) => form.setFieldValue('share', share)}
          total={inputs['portions.total']}
          unit={inputs['portions.unit']}
          maxPerRequest={inputs['portions.maxPerRequest']}
          autoAccept={inputs['portions.autoAccept']}
          hold={inputs.organisationsOnlyMinutes}
        />

        <Textarea label={t('form.location')} description={t('form.locationHint')} required autosize minRows={2} maxLength={300} {...inputs.location} />
        <LocationPicker
          label={t('form.mapLocation')}
          description={t('form.mapLocationHint')}
          error={form.errors.geolocation}
          address={values.location}
          // The pickup address is pre-filled once, and never over what the donor typed.
          onAddressFound={(address) => {
            if (!form.getValues().location.trim()) form.setFieldValue('location', address);
          }}
          geolocation={values.geolocation}
          onGeolocationChange={(geolocation) => form.setFieldValue('geolocation', geolocation)}
          purpose="pickup"
        />

        <Button type="submit" size="md" loading={create.isPending} disabled={uploading}>
          {t('form.submit')}
        </Button>
        <FormAlert message={formError} />
      </Stack>
    </form>
  );
}
