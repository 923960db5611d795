import { type RegisterInput, RegisterInputSchema, passwordPersonalProblem } from '@annadaan/contract/auth';
import { Role } from '@annadaan/contract/common';
import { TERMS_VERSION } from '@annadaan/contract/terms';
import { Anchor, Button, Checkbox, Group, Modal, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../i18n/react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { PhoneInput } from '../../../components/phone-input';
import { TermsList } from '../../../components/terms-list';
import { errorMessage, serverMessage } from '../../../lib/api-client';
import { FormAlert } from '../../../components/form-alert';
import { type FormErrors, codedMessage, submitFailure, zodFormErrors } from '../../../lib/form-errors';
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

function validate(values: SignUpValues, t: TFunction<'auth'>): FormErrors {
  const errors = zodFormErrors(RegisterInputSchema, toPayload(values));
  // The contract treats an empty licence as none; here a donor who said yes must give it.
  if (values.role === Role.DONOR && values.hasFssaiLicense === 'yes' && !values.fssaiLicenseNumber.trim()) {
    errors.fssaiLicenseNumber = t('signUp.fssaiMissing');
  }
  // No error for the unticked terms box: Sign Up stays disabled instead, and an error appearing on
  // blur would shift the 'Read the Terms' button away from under the pointer mid-click.
  const personal = passwordPersonalProblem(values.password, values);
  if (personal && !errors.password) errors.password = codedMessage(personal);
  return errors;
}

/** The spec's wording (section 8): 'already'/'exist' means the email is taken. */
function failureText(message: string, t: TFunction<'auth'>): string {
  const taken = /already|exist/i.test(message);
  return t('signUp.failed', { reason: taken ? t('signUp.emailTaken') : message });
}

export function SignUpPage() {
  const { t, i18n } = useTranslation('auth');
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
    validate: (values) => validate(values, t),
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
        // The server's words in English (the spec's); the catalog's in any other language.
        notifySuccess(i18n.language === 'en' && response.message ? response.message : t('signUp.registered'));
        setRegistered(true);
      },
      onError: (error) => {
        // Once, next to its cause: the field the server named, else beside the button.
        const failure = submitFailure(error, PAYLOAD_FIELDS, failureText(serverMessage(error) ?? errorMessage(error), t), (message) => failureText(message, t));
        form.setErrors(failure.fieldErrors);
        setFormError(failure.formError);
      },
    });
  });

  const isDonor = form.values.role === Role.DONOR;

  return (
    <AuthCard title={t('signUp.title')}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput label={t('fields.fullName')} autoComplete="name" required {...form.getInputProps('fullName')} />
          <PhoneInput label={t('fields.phone')} required {...form.getInputProps('contactNumber')} />
          <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <TextInput
            label={t('fields.location')}
            autoComplete="address-level2"
            description={t('fields.locationHint')}
            required
            {...form.getInputProps('location')}
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="new-password"
            description={t('fields.newPasswordHint')}
            required
            {...form.getInputProps('password')}
          />
          <PasswordStrengthMeter password={form.values.password} personal={[form.values.fullName, form.values.email, form.values.contactNumber]} />
          <NativeSelect
            label={t('fields.role')}
            required
            data={[
              { value: Role.DONOR, label: t('roles.DONOR') },
              { value: Role.RECEIVER, label: t('roles.RECEIVER') },
            ]}
            {...form.getInputProps('role')}
          />
          {isDonor ? (
            <>
              <Radio.Group label={t('signUp.hasFssai')} {...form.getInputProps('hasFssaiLicense')}>
                <Group mt="xs">
                  <Radio value="yes" label={t('signUp.yes')} />
                  <Radio value="no" label={t('signUp.no')} />
                </Group>
              </Radio.Group>
              {form.values.hasFssaiLicense === 'yes' ? (
                <TextInput
                  label={t('signUp.fssaiNumber')}
                  description={t('signUp.fssaiHint')}
                  inputMode="numeric"
                  maxLength={14}
                  required
                  {...form.getInputProps('fssaiLicenseNumber')}
                />
              ) : null}
            </>
          ) : null}
          <Stack gap={4}>
            <Checkbox label={t('signUp.acceptTerms')} {...form.getInputProps('acceptedTerms', { type: 'checkbox' })} />
            <Anchor component="button" type="button" size="sm" ta="left" onClick={terms.open}>
              {t('signUp.readTerms')}
            </Anchor>
          </Stack>
          <Button type="submit" fullWidth disabled={!form.values.acceptedTerms || registered} loading={registerMutation.isPending}>
            {t('signUp.submit')}
          </Button>
          <FormAlert message={formError} />
          <Text size="sm" ta="center">
            {t('signUp.haveAccount')}{' '}
            <Anchor component={Link} to={paths.signIn}>
              {t('signUp.signIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>

      <Modal opened={termsOpen} onClose={terms.close} title={t('signUp.termsTitle')} size="lg" closeButtonProps={{ 'aria-label': t('signUp.closeTerms') }}>
        <TermsList />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={terms.close}>
            {t('signUp.close')}
          </Button>
          <Button
            onClick={() => {
              form.setFieldValue('acceptedTerms', true);
              terms.close();
            }}
          >
            {t('signUp.acceptTermsButton')}
          </Button>
        </Group>
      </Modal>
    </AuthCard>
  );
}
