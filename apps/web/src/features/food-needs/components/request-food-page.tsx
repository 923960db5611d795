import '@mantine/dates/styles.css';
import { CreateFoodRequestInputSchema, FOOD_TYPE_MAX, FoodRequestMessages, PEOPLE_MAX, PEOPLE_MIN } from '@annadaan/contract/food-requests';
import { DIETS, dietLabels } from '@annadaan/contract/food-facts';
import { PaymentMethod } from '@annadaan/contract/requests';
import { Button, Container, Group, NativeSelect, NumberInput, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, useEffect, useRef, useState } from 'react';
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

export function RequestFoodPage() {
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
        notifySuccess(FoodRequestMessages.submitted);
        // Ready for the next request: fresh details, the person's own details kept.
        const { fullName, contactNumber, email, location } = values;
        form.setValues({ ...initialValues(), fullName, contactNumber, email, location });
        form.resetDirty();
        setStep(1);
      },
      onError: (error) => {
        // Once, next to its cause: the fields the server named, else the spec's text by the button.
        const { fieldErrors, formError: message } = submitFailure(error, ALL_FIELDS, FoodRequestMessages.failed);
        form.setErrors(fieldErrors);
        setFormError(message);
        // A problem with step 1 fields can only be fixed there, and there is no back button.
        if (Object.keys(pick(fieldErrors, STEP_ONE_FIELDS)).length > 0) setStep(1);
      },
    });
  });

  return (
    <Container size="sm" py="xl" px="md">
      <Title order={1} mb="xs">
        Request food
      </Title>
      <Text c="dimmed" mb="lg">
        Tell donors what you need. Only you see your phone and email; others see the area, the pin code and what is needed.
      </Text>
      <Paper withBorder p="md" radius="md">
        <form noValidate onSubmit={step === 1 ? submitStepOne : submit}>
          {step === 1 ? (
            <Stack gap="md">
              <Title order={2} size="h3" ref={stepHeading} tabIndex={-1}>
                Step 1 of 2: Your details
              </Title>
              <TextInput label="Full name" autoComplete="name" required {...form.getInputProps('fullName')} />
              <PhoneInput label="Contact number" required {...form.getInputProps('contactNumber')} />
              <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
              <TextInput
                label="Location"
                description="Area and address with the 6-digit pin code"
                autoComplete="street-address"
                required
                {...form.getInputProps('location')}
              />
              <Group justify="flex-end">
                <Button type="submit">Next &gt;&gt;</Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap="md">
              <Title order={2} size="h3" ref={stepHeading} tabIndex={-1}>
                Step 2 of 2: Request details
              </Title>
              <DateTimePicker label="Needed from" required valueFormat="DD MMM YYYY hh:mm A" clearable={false} {...form.getInputProps('requestedTime')} />
              <DateTimePicker
                label="Request open until"
                required
                valueFormat="DD MMM YYYY hh:mm A"
                clearable={false}
                {...form.getInputProps('requestExpiryTime')}
              />
              {/* Free text in the earlier client's words; left empty, the need is for pre-cooked food. */}
              <TextInput label="Food Type (e.g. Rice)" maxLength={FOOD_TYPE_MAX} {...form.getInputProps('foodType')} />
              <NativeSelect
                label="Diet (optional)"
                description="Veg is vegetarian without egg; vegan has no milk or egg either."
                data={[{ value: '', label: 'Any / not stated' }, ...DIETS.map((diet) => ({ value: diet, label: dietLabels[diet] }))]}
                {...form.getInputProps('diet')}
              />
              <TextInput label="Alternative food" description="What else would help, if this is not available" {...form.getInputProps('alternativeFood')} />
              {/* No clamping: a silently changed number is worse than the message saying what is allowed. */}
              <NumberInput label="Number of people" min={PEOPLE_MIN} max={PEOPLE_MAX} clampBehavior="none" allowDecimal={false} allowNegative={false} required {...form.getInputProps('numberOfPeople')} />
              <Textarea label="Food description" autosize minRows={2} {...form.getInputProps('foodDescription')} />
              <Textarea label="Message" autosize minRows={2} {...form.getInputProps('message')} />
              <NumberInput label="Offer price (₹)" description="0 if you are asking for free food" min={0} decimalScale={2} allowNegative={false} {...form.getInputProps('offerPrice')} />
              <NativeSelect
                label="Payment method"
                data={[
                  { value: PaymentMethod.CASH, label: 'Cash' },
                  { value: PaymentMethod.UPI, label: 'UPI' },
                  { value: PaymentMethod.CARD, label: 'Card' },
                  { value: PaymentMethod.NOT_APPLICABLE, label: 'Not applicable' },
                ]}
                {...form.getInputProps('paymentMethod')}
              />
              <TextInput label="Geolocation (optional)" description="latitude,longitude, for example 18.5204,73.8567" {...form.getInputProps('geolocation')} />
              <Group justify="flex-end">
                <Button type="submit" disabled={create.isPending}>
                  {create.isPending ? 'Submitting...' : 'Submit Request'}
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
