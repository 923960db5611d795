import '@mantine/dates/styles.css';
// The pickers' month and am/pm words in Hindi (dayjs carries English itself).
import 'dayjs/locale/hi';
import { CreateFoodRequestInputSchema, FOOD_TYPE_MAX, PEOPLE_MAX, PEOPLE_MIN } from '@annadaan/contract/food-requests';
import { DIETS } from '@annadaan/contract/diets-and-allergens';
import { PaymentMethod } from '@annadaan/contract/request-status';
import { Button, Container, Group, NativeSelect, NumberInput, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { PhoneInput, localMobileDigits } from '../../../components/phone-input';
import { FormAlert } from '../../../components/form-alert';
import { type FormErrors, submitFailure, zodFormErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { profileQuery } from '../../../lib/profile-api';
import { useCreateFoodRequest } from '../api/food-needs-api';

const STEP_ONE_FIELDS = ['fullName', 'contactNumber', 'email', 'location'] as const;
const STEP_TWO_FIELDS = [
  'requestedTime',
  'requestExpiryTime',
  'foodType',
  'alternativeFood',
  'numberOfPeople',
  'message',
  'offerPrice',
  'foodDescription',
  'paymentMethod',
  'diet',
  'geolocation',
] as const;
const ALL_FIELDS = [...STEP_ONE_FIELDS, ...STEP_TWO_FIELDS];

/** Mantine's DateTimePicker value format. */
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface Values {
  fullName: string;
  contactNumber: string;
  email: string;
  location: string;
  requestedTime: string | null;
  requestExpiryTime: string | null;
  foodType: string;
  alternativeFood: string;
  numberOfPeople: number | string;
  message: string;
  offerPrice: number | string;
  foodDescription: string;
  paymentMethod: string;
  /** Issue 16: optional; '' sends nothing ("Not stated"). */
  diet: string;
  geolocation: string;
}

/**
 * The spec gives no default times. Starting at the next full hour and staying open four hours
 * (the shelf life of cooked food) means most people only check the two pickers on a phone.
 */
function initialValues(): Values {
  const start = dayjs().add(1, 'hour').startOf('hour');
  return {
    fullName: '',
    contactNumber: '',
    email: '',
    location: '',
    requestedTime: start.format(PICKER_FORMAT),
    requestExpiryTime: start.add(4, 'hour').format(PICKER_FORMAT),
    foodType: '',
    alternativeFood: '',
    numberOfPeople: 1,
    message: '',
    offerPrice: 0,
    foodDescription: '',
    paymentMethod: PaymentMethod.CASH,
    diet: '',
    geolocation: '',
  };
}

/**
 * The picker holds the device's wall-clock time; the contract would read a time without an offset
 * as India time. Sending the instant itself keeps a phone set to another zone from shifting it.
 */
function toInstant(value: string | null): string {
  if (!value) return '';
  const parsed = dayjs(value, PICKER_FORMAT);
  return parsed.isValid() ? parsed.toISOString() : value;
}

function toInput(values: Values) {
  return { ...values, requestedTime: toInstant(values.requestedTime), requestExpiryTime: toInstant(values.requestExpiryTime) };
}

function pick(errors: FormErrors, fields: readonly string[]): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));
}

const PAYMENT_METHODS = [PaymentMethod.CASH, PaymentMethod.UPI, PaymentMethod.CARD, PaymentMethod.NOT_APPLICABLE] as const;

export function RequestFoodPage() {
  const { t, i18n } = useTranslation(['foodNeeds', 'common']);
  const [step, setStep] = useState<1 | 2>(1);
  const profile = useQuery(profileQuery());
  const create = useCreateFoodRequest();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // A changed answer may fix what failed, so the form's message goes (the field's own clears itself).
  const form = useForm<Values>({ initialValues: initialValues(), onValuesChange: () => setFormError(null) });

  // Pre-fill step 1 once from the profile, without overwriting anything already typed.
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

  const next = () => {
    const errors = pick(zodFormErrors(CreateFoodRequestInputSchema, toInput(form.getValues())), STEP_ONE_FIELDS);
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) setStep(2);
  };

  const submitStepOne = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    next();
  };

  const submit = form.onSubmit((values) => {
    const errors = zodFormErrors(CreateFoodRequestInputSchema, toInput(values));
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setFormError(null);
    create.mutate(toInput(values), {
      onSuccess: () => {
        notifySuccess(t('request.submitted'));
        // Ready for the next request: fresh details, the person's own details kept.
        const { fullName, contactNumber, email, location } = values;
        form.setValues({ ...initialValues(), fullName, contactNumber, email, location });
        form.resetDirty();
        setStep(1);
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

  // Each field's props, named outside the JSX: the catalog lint rule takes a field name written
  // inside JSX for words a person reads.
  const inputs = Object.fromEntries(ALL_FIELDS.map((name) => [name, form.getInputProps(name)])) as Record<
    (typeof ALL_FIELDS)[number],
    ReturnType<typeof form.getInputProps>
  >;

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
              <TextInput label={t('request.fullName')} autoComplete="name" required {...inputs.fullName} />
              <PhoneInput label={t('request.contactNumber')} required {...inputs.contactNumber} />
              <TextInput label={t('request.email')} type="email" autoComplete="email" required {...inputs.email} />
              <TextInput
                label={t('request.location')}
                description={t('request.locationHint')}
                autoComplete="street-address"
                required
                {...inputs.location}
              />
              <Group justify="flex-end">
                <Button type="submit">{t('request.next')}</Button>
              </Group>
            </Stack>
          ) : (
            // The pickers write months and am/pm in the reader's language.
            <DatesProvider settings={{ locale: i18n.language }}>
              <Stack gap="md">
                <Title order={2} size="h3" ref={stepHeading} tabIndex={-1}>
                  {t('request.stepTwo')}
                </Title>
                <DateTimePicker label={t('request.neededFrom')} required valueFormat="DD MMM YYYY hh:mm A" clearable={false} {...inputs.requestedTime} />
                <DateTimePicker
                  label={t('request.openUntil')}
                  required
                  valueFormat="DD MMM YYYY hh:mm A"
                  clearable={false}
                  {...inputs.requestExpiryTime}
                />
                {/* Free text in the earlier client's words; left empty, the need is for pre-cooked food. */}
                <TextInput label={t('request.foodType')} maxLength={FOOD_TYPE_MAX} {...inputs.foodType} />
                <NativeSelect
                  label={t('request.diet')}
                  description={t('request.dietHint')}
                  data={[{ value: '', label: t('request.dietAny') }, ...DIETS.map((diet) => ({ value: diet, label: t(`common:enums.diet.${diet}`) }))]}
                  {...inputs.diet}
                />
                <TextInput label={t('request.alternativeFood')} description={t('request.alternativeFoodHint')} {...inputs.alternativeFood} />
                {/* No clamping: a silently changed number is worse than the message saying what is allowed. */}
                <NumberInput label={t('request.people')} min={PEOPLE_MIN} max={PEOPLE_MAX} clampBehavior="none" allowDecimal={false} allowNegative={false} required {...inputs.numberOfPeople} />
                <Textarea label={t('request.foodDescription')} autosize minRows={2} {...inputs.foodDescription} />
                <Textarea label={t('request.message')} autosize minRows={2} {...inputs.message} />
                <NumberInput label={t('request.offerPrice')} description={t('request.offerPriceHint')} min={0} decimalScale={2} allowNegative={false} {...inputs.offerPrice} />
                <NativeSelect
                  label={t('request.paymentMethod')}
                  data={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`common:enums.paymentMethod.${method}`) }))}
                  {...inputs.paymentMethod}
                />
                <TextInput label={t('request.geolocation')} description={t('request.geolocationHint')} {...inputs.geolocation} />
                <Group justify="flex-end">
                  <Button type="submit" disabled={create.isPending}>
                    {create.isPending ? t('request.submitting') : t('request.submit')}
                  </Button>
                </Group>
                <FormAlert message={formError} />
              </Stack>
            </DatesProvider>
          )}
        </form>
      </Paper>
    </Container>
  );
}
