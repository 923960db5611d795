import { CreateFoodRequestInputSchema, FOOD_TYPE_MAX, type MyFoodRequest, PEOPLE_MAX, PEOPLE_MIN } from '@annadaan/contract/food-requests';
import { DIETS } from '@annadaan/contract/diets-and-allergens';
import { PaymentMethod } from '@annadaan/contract/request-status';
import { Anchor, Button, Container, Group, NativeSelect, NumberInput, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useTranslation } from '../../../i18n/react';
import { DATE_TIME_FIELD_FORMAT, DateTimeField } from '../../../components/date-time-field';
import { FormAlert } from '../../../components/form-alert';
import { LocationPicker } from '../../../components/location-picker';
import { PhoneInput, localMobileDigits } from '../../../components/phone-input';
import { type FormErrors, submitFailure, zodFormErrors } from '../../../lib/form-errors';
import { profileQuery } from '../../../lib/profile-api';
import { useCreateFoodRequest } from '../api/food-needs-api';
import { FoodNeedPosted } from './food-need-posted';

/** Who posts: from the profile, shown as facts; fields only when the profile cannot give them. */
const PERSON_FIELDS = ['fullName', 'contactNumber', 'email'] as const;
const STEP_ONE_FIELDS = [...PERSON_FIELDS, 'location', 'geolocation'] as const;
/** Step 2 in the order it asks: what food first, then when, then the offer (issue 29). */
const STEP_TWO_FIELDS = [
  'foodType',
  'diet',
  'numberOfPeople',
  'foodDescription',
  'alternativeFood',
  'requestedTime',
  'requestExpiryTime',
  'offerPrice',
  'paymentMethod',
  'message',
] as const;
const ALL_FIELDS = [...STEP_ONE_FIELDS, ...STEP_TWO_FIELDS];

interface Values {
  fullName: string;
  contactNumber: string;
  email: string;
  location: string;
  geolocation: string;
  /** DateTimeField values: the device's local "YYYY-MM-DDTHH:mm". */
  requestedTime: string;
  requestExpiryTime: string;
  foodType: string;
  alternativeFood: string;
  numberOfPeople: number | string;
  message: string;
  foodDescription: string;
  /** Whether the person offers to pay: 'no' is free food with no payment, a true record. */
  pays: 'no' | 'yes';
  offerPrice: number | string;
  paymentMethod: string;
  /** Issue 16: optional; '' sends nothing ("Not stated"). */
  diet: string;
}

/**
 * The spec gives no default times. Starting at the next full hour and staying open four hours
 * (the shelf life of cooked food) means most people only check the two times. No offer is
 * assumed: free food with no payment, until the person says they can pay and how.
 */
function initialValues(): Values {
  const start = dayjs().add(1, 'hour').startOf('hour');
  return {
    fullName: '',
    contactNumber: '',
    email: '',
    location: '',
    geolocation: '',
    requestedTime: start.format(DATE_TIME_FIELD_FORMAT),
    requestExpiryTime: start.add(4, 'hour').format(DATE_TIME_FIELD_FORMAT),
    foodType: '',
    alternativeFood: '',
    numberOfPeople: 1,
    message: '',
    foodDescription: '',
    pays: 'no',
    offerPrice: '',
    paymentMethod: '',
    diet: '',
  };
}

/**
 * The field holds the device's wall-clock time; the contract would read a time without an offset
 * as India time. Sending the instant itself keeps a phone set to another zone from shifting it.
 */
function toInstant(value: string): string {
  const parsed = dayjs(value, DATE_TIME_FIELD_FORMAT);
  return value && parsed.isValid() ? parsed.toISOString() : value;
}

function toInput(values: Values) {
  const { pays, ...rest } = values;
  return {
    ...rest,
    requestedTime: toInstant(values.requestedTime),
    requestExpiryTime: toInstant(values.requestExpiryTime),
    offerPrice: pays === 'yes' ? values.offerPrice : 0,
    paymentMethod: pays === 'yes' ? values.paymentMethod : PaymentMethod.NOT_APPLICABLE,
  };
}

function pick(errors: FormErrors, fields: readonly string[]): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));
}

const PAYMENT_METHODS = [PaymentMethod.CASH, PaymentMethod.UPI, PaymentMethod.CARD] as const;

export function RequestFoodPage() {
  const { t } = useTranslation(['foodNeeds', 'common']);
  const [step, setStep] = useState<1 | 2>(1);
  const [posted, setPosted] = useState<MyFoodRequest | null>(null);
  const profile = useQuery(profileQuery());
  const create = useCreateFoodRequest();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // A changed answer may fix what failed, so the form's message goes (the field's own clears itself).
  const form = useForm<Values>({ initialValues: initialValues(), onValuesChange: () => setFormError(null) });

  // The person's details come from the profile once, without overwriting anything already typed.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !profile.data) return;
    prefilled.current = true;
    const current = form.getValues();
    form.setValues({
      fullName: current.fullName || profile.data.fullName,
      contactNumber: current.contactNumber || localMobileDigits(profile.data.contactNumber),
      email: current.email || profile.data.email,
      location: current.location || profile.data.location,
    });
  }, [profile.data, form]);

  useEffect(() => {
    // Moving to step 2 replaces the fields; focus follows so keyboard and screen-reader users are not lost.
    if (step === 2) stepHeading.current?.focus();
  }, [step]);

  /** The contract's checks, and the offer's: someone who can pay says how much (above 0) and how. */
  const check = (values: Values): FormErrors => {
    const errors = zodFormErrors(CreateFoodRequestInputSchema, toInput(values));
    if (values.pays === 'yes') {
      if (!errors.offerPrice && !(Number(values.offerPrice) > 0)) errors.offerPrice = t('request.offerPriceRequired');
      if (!values.paymentMethod) errors.paymentMethod = t('request.paymentRequired');
    }
    return errors;
  };

  const submitStepOne = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = pick(check(form.getValues()), STEP_ONE_FIELDS);
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) setStep(2);
  };

  const submit = form.onSubmit((values) => {
    const errors = check(values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setFormError(null);
    create.mutate(toInput(values), {
      onSuccess: (need) => {
        // A result screen with the spec's success words (issue 29), not a reset form and a toast.
        setPosted(need);
        window.scrollTo({ top: 0 });
      },
      onError: (error) => {
        // Once, next to its cause: the fields the server named, else the spec's text by the button.
        const { fieldErrors, formError: message } = submitFailure(error, ALL_FIELDS, t('request.failed'));
        form.setErrors(fieldErrors);
        setFormError(message);
        // A problem with step 1 fields can only be fixed there, and there is no back button.
        if (Object.keys(pick(fieldErrors, STEP_ONE_FIELDS)).length > 0) setStep(1);
      },
    });
  });

  const postAnother = () => {
    // Fresh details for the next need; the person's own details and place stay.
    const { fullName, contactNumber, email, location, geolocation } = form.getValues();
    form.setValues({ ...initialValues(), fullName, contactNumber, email, location, geolocation });
    form.resetDirty();
    setPosted(null);
    setStep(1);
    window.scrollTo({ top: 0 });
  };

  if (posted) {
    return (
      <Container size="sm" py="xl" px="md">
        <FoodNeedPosted need={posted} onPostAnother={postAnother} />
      </Container>
    );
  }

  // Each field's props, named outside the JSX: the catalog lint rule takes a field name written
  // inside JSX for words a person reads.
  const inputs = Object.fromEntries(ALL_FIELDS.map((name) => [name, form.getInputProps(name)])) as Record<
    (typeof ALL_FIELDS)[number],
    ReturnType<typeof form.getInputProps>
  >;
  const pays = form.getInputProps('pays');
  const values = form.getValues();
  // The profile's details are facts here; fields only if it failed to load or they need fixing.
  const editPerson = profile.isError || Object.keys(pick(form.errors as FormErrors, PERSON_FIELDS)).length > 0;

  return (
    <Container size="sm" py="xl" px="md">
      <Title order={1} mb="xs">
        {t('request.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('request.intro')}
      </Text>
      <Paper withBorder p="md" radius="md">
        <form noValidate onSubmit={step === 1 ? submitStepOne : submit}>
          {step === 1 ? (
            <Stack gap="md">
              <Title order={2} size="h3" ref={stepHeading} tabIndex={-1}>
                {t('request.stepOne')}
              </Title>
              {editPerson ? (
                <>
                  <TextInput label={t('request.fullName')} autoComplete="name" required {...inputs.fullName} />
                  <PhoneInput label={t('request.contactNumber')} required {...inputs.contactNumber} />
                  <TextInput label={t('request.email')} type="email" autoComplete="email" required {...inputs.email} />
                </>
              ) : (
                <Stack gap={4} data-testid="request-person">
                  <Text fw={600}>{t('request.postingAs')}</Text>
                  {profile.data ? (
                    <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 12, rowGap: 2, margin: 0 }}>
                      <Text component="dt" size="sm" c="dimmed">
                        {t('request.fullName')}
                      </Text>
                      <Text component="dd" m={0} data-user-text translate="no">
                        {values.fullName}
                      </Text>
                      <Text component="dt" size="sm" c="dimmed">
                        {t('request.contactNumber')}
                      </Text>
                      <Text component="dd" m={0} translate="no">
                        +91 {values.contactNumber}
                      </Text>
                      <Text component="dt" size="sm" c="dimmed">
                        {t('request.email')}
                      </Text>
                      <Text component="dd" m={0} translate="no" style={{ overflowWrap: 'anywhere' }}>
                        {values.email}
                      </Text>
                    </dl>
                  ) : (
                    <Text role="status" size="sm">
                      {t('request.loadingDetails')}
                    </Text>
                  )}
                  <Text size="sm">
                    <Anchor component={Link} to={paths.profile}>
                      {t('request.changeOnProfile')}
                    </Anchor>
                  </Text>
                </Stack>
              )}
              <TextInput label={t('request.location')} description={t('request.locationHint')} autoComplete="street-address" required {...inputs.location} />
              <LocationPicker
                label={t('request.geolocation')}
                description={t('request.geolocationHint')}
                error={form.errors.geolocation}
                address={values.location}
                onAddressFound={(address) => {
                  if (!form.getValues().location.trim()) form.setFieldValue('location', address);
                }}
                geolocation={values.geolocation}
                onGeolocationChange={(geolocation) => form.setFieldValue('geolocation', geolocation)}
                purpose="need"
              />
              <Group justify="flex-end">
                <Button type="submit">{t('request.next')}</Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap="md">
              <Title order={2} size="h3" ref={stepHeading} tabIndex={-1}>
                {t('request.stepTwo')}
              </Title>
              {/* Free text in the earlier client's words; left empty, the need is for pre-cooked food. */}
              <TextInput label={t('request.foodType')} maxLength={FOOD_TYPE_MAX} {...inputs.foodType} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NativeSelect
                  label={t('request.diet')}
                  description={t('request.dietHint')}
                  data={[{ value: '', label: t('request.dietAny') }, ...DIETS.map((diet) => ({ value: diet, label: t(`common:enums.diet.${diet}`) }))]}
                  {...inputs.diet}
                />
                {/* No clamping: a silently changed number is worse than the message saying what is allowed. */}
                <NumberInput
                  label={t('request.people')}
                  min={PEOPLE_MIN}
                  max={PEOPLE_MAX}
                  clampBehavior="none"
                  allowDecimal={false}
                  allowNegative={false}
                  required
                  {...inputs.numberOfPeople}
                />
              </SimpleGrid>
              <Textarea label={t('request.foodDescription')} autosize minRows={2} {...inputs.foodDescription} />
              <TextInput label={t('request.alternativeFood')} description={t('request.alternativeFoodHint')} {...inputs.alternativeFood} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <DateTimeField label={t('request.neededFrom')} required {...inputs.requestedTime} />
                <DateTimeField label={t('request.openUntil')} required min={dayjs().format(DATE_TIME_FIELD_FORMAT)} {...inputs.requestExpiryTime} />
              </SimpleGrid>
              <Radio.Group label={t('request.pays')} {...pays}>
                <Group mt={6}>
                  <Radio value="no" label={t('request.paysNo')} />
                  <Radio value="yes" label={t('request.paysYes')} />
                </Group>
              </Radio.Group>
              {values.pays === 'yes' && (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <NumberInput label={t('request.offerPrice')} required min={0} decimalScale={2} allowNegative={false} {...inputs.offerPrice} />
                  <NativeSelect
                    label={t('request.paymentMethod')}
                    required
                    data={[
                      { value: '', label: t('request.paymentChoose'), disabled: true },
                      ...PAYMENT_METHODS.map((method) => ({ value: method, label: t(`common:enums.paymentMethod.${method}`) })),
                    ]}
                    {...inputs.paymentMethod}
                  />
                </SimpleGrid>
              )}
              <Textarea label={t('request.message')} autosize minRows={2} {...inputs.message} />
              <Group justify="flex-end">
                <Button type="submit" disabled={create.isPending}>
                  {create.isPending ? t('request.submitting') : t('request.submit')}
                </Button>
              </Group>
              <FormAlert message={formError} />
            </Stack>
          )}
        </form>
      </Paper>
    </Container>
  );
}
