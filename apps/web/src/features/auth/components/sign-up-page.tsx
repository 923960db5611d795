import { AuthMessages, type RegisterInput, RegisterInputSchema, passwordPersonalProblem } from '@annadaan/contract/auth';
import { Role } from '@annadaan/contract/common';
import { TERMS_VERSION } from '@annadaan/contract/terms';
import { Anchor, Button, Checkbox, Group, Modal, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { PhoneInput } from '../../../components/phone-input';
import { TermsList } from '../../../components/terms-list';
import { errorMessage, serverMessage } from '../../../lib/api-client';
import { FormAlert } from '../../../components/form-alert';
import { type FormErrors, submitFailure, zodFormErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useRegister } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { PasswordField } from '../../../components/password-field';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';

/** Spec section 9: the pause that lets people read the success message before moving on. */
const REDIRECT_DELAY_MS = 1200;

type SelfRole = typeof Role.DONOR | typeof Role.RECEIVER;

interface SignUpValues {
  fullName: string;
  contactNumber: string;
  email: string;
  location: string;
  password: string;
  role: SelfRole;
  hasFssaiLicense: 'yes' | 'no';
  fssaiLicenseNumber: string;
  acceptedTerms: boolean;
}

const PAYLOAD_FIELDS = ['fullName', 'contactNumber', 'email', 'location', 'password', 'role', 'fssaiLicenseNumber'] as const;

/** The licence goes only with donors who said yes; everyone else's is dropped (spec section 5). */
function toPayload(values: SignUpValues): RegisterInput {
  const { fullName, contactNumber, email, location, password, role } = values;
  const withLicence = role === Role.DONOR && values.hasFssaiLicense === 'yes';
  return {
    fullName,
    contactNumber,
    email,
    location,
    password,
    role,
    ...(withLicence ? { fssaiLicenseNumber: values.fssaiLicenseNumber } : {}),
    // The box is ticked whenever the form can be sent; the server stores which terms and when.
    acceptedTermsVersion: TERMS_VERSION,
  };
}

function validate(values: SignUpValues): FormErrors {
  const errors = zodFormErrors(RegisterInputSchema, toPayload(values));
  // The contract treats an empty licence as none; here a donor who said yes must give it.
  if (values.role === Role.DONOR && values.hasFssaiLicense === 'yes' && !values.fssaiLicenseNumber.trim()) {
    errors.fssaiLicenseNumber = 'Enter your FSSAI licence number.';
  }
  // No error for the unticked terms box: Sign Up stays disabled instead, and an error appearing on
  // blur would shift the 'Read the Terms' button away from under the pointer mid-click.
  const personal = passwordPersonalProblem(values.password, values);
  if (personal && !errors.password) errors.password = personal;
  return errors;
}

const FAILED = 'Registration failed: ';

/** The spec's wording (section 8): 'already'/'exist' means the email is taken. */
function failureText(message: string): string {
  const taken = /already|exist/i.test(message);
  return `${FAILED}${taken ? AuthMessages.emailTaken : message}`;
}

export function SignUpPage() {
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const [termsOpen, terms] = useDisclosure(false);
  const [registered, setRegistered] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignUpValues>({
    initialValues: {
      fullName: '',
      contactNumber: '',
      email: '',
      location: '',
      password: '',
      role: Role.DONOR,
      hasFssaiLicense: 'no',
      fssaiLicenseNumber: '',
      acceptedTerms: false,
    },
    validate,
    validateInputOnBlur: true,
    // A changed answer may fix what failed: the old message goes (the field's own clears itself).
    onValuesChange: () => setFormError(null),
  });

  useEffect(() => {
    if (!registered) return;
    const timer = setTimeout(() => navigate(paths.home), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [registered, navigate]);

  const submit = form.onSubmit((values) => {
    setFormError(null);
    registerMutation.mutate(toPayload(values), {
      onSuccess: (response) => {
        notifySuccess(response.message || AuthMessages.registered);
        setRegistered(true);
      },
      onError: (error) => {
        // Once, next to its cause: the field the server named, else beside the button.
        const failure = submitFailure(error, PAYLOAD_FIELDS, failureText(serverMessage(error) ?? errorMessage(error)), failureText);
        form.setErrors(failure.fieldErrors);
        setFormError(failure.formError);
      },
    });
  });

  const isDonor = form.values.role === Role.DONOR;

  return (
    <AuthCard title="Sign up">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput label="Full name" autoComplete="name" required {...form.getInputProps('fullName')} />
          <PhoneInput label="Phone number" required {...form.getInputProps('contactNumber')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <TextInput label="Location" autoComplete="address-level2" description="Your town or city, with the pin code if you like" required {...form.getInputProps('location')} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            description="At least 8 characters and hard to guess: a few unrelated words work well; not your name, email name or phone number"
            required
            {...form.getInputProps('password')}
          />
          <PasswordStrengthMeter password={form.values.password} personal={[form.values.fullName, form.values.email, form.values.contactNumber]} />
          <NativeSelect
            label="Role"
            required
            data={[
              { value: Role.DONOR, label: 'Donor' },
              { value: Role.RECEIVER, label: 'Receiver' },
            ]}
            {...form.getInputProps('role')}
          />
          {isDonor ? (
            <>
              <Radio.Group label="Do you have an FSSAI License?" {...form.getInputProps('hasFssaiLicense')}>
                <Group mt="xs">
                  <Radio value="yes" label="Yes" />
                  <Radio value="no" label="No" />
                </Group>
              </Radio.Group>
              {form.values.hasFssaiLicense === 'yes' ? (
                <TextInput
                  label="FSSAI License Number"
                  description="14 digits"
                  inputMode="numeric"
                  maxLength={14}
                  required
                  {...form.getInputProps('fssaiLicenseNumber')}
                />
              ) : null}
            </>
          ) : null}
          <Stack gap={4}>
            <Checkbox label="I accept the Terms and Conditions" {...form.getInputProps('acceptedTerms', { type: 'checkbox' })} />
            <Anchor component="button" type="button" size="sm" ta="left" onClick={terms.open}>
              Read the Terms and Conditions
            </Anchor>
          </Stack>
          <Button type="submit" fullWidth disabled={!form.values.acceptedTerms || registered} loading={registerMutation.isPending}>
            Sign Up
          </Button>
          <FormAlert message={formError} />
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={paths.signIn}>
              Sign In
            </Anchor>
          </Text>
        </Stack>
      </form>

      <Modal opened={termsOpen} onClose={terms.close} title="Terms and Conditions" size="lg" closeButtonProps={{ 'aria-label': 'Close the terms' }}>
        <TermsList />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={terms.close}>
            Close
          </Button>
          <Button
            onClick={() => {
              form.setFieldValue('acceptedTerms', true);
              terms.close();
            }}
          >
            Accept terms
          </Button>
        </Group>
      </Modal>
    </AuthCard>
  );
}
