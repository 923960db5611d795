import { type ForgotPasswordInput, ForgotPasswordInputSchema, PasswordSchema, ResetCodeSchema, passwordPersonalProblem } from '@annadaan/contract/auth';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../app/paths';
import { PhoneInput } from '../../../components/phone-input';
import { errorMessage, serverMessage } from '../../../lib/api-client';
import { codedMessage, serverFieldErrors, zodValidate } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRequestResetCode, useResetPassword } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { PasswordField } from '../../../components/password-field';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';

/** Step 2 asks only for what step 1 did not: the code that was sent and the new password. */
const CodeStepSchema = z.object({ code: ResetCodeSchema, newPassword: PasswordSchema });

const failureReason = (error: unknown) => serverMessage(error) ?? errorMessage(error);

/**
 * Two steps (issue 2, section 5): email and contact number are not secrets, so they only ask for
 * a code; the code sent to the account's owner is what allows the new password.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [details, setDetails] = useState<ForgotPasswordInput | null>(null);

  return (
    <AuthCard title={t('forgot.title')}>
      {details ? <CodeStep details={details} onRestart={() => setDetails(null)} /> : <DetailsStep onSent={setDetails} />}
      <Text size="sm" ta="center" mt="md">
        {t('forgot.remembered')}{' '}
        <Anchor component={Link} to={paths.signIn}>
          {t('forgot.signIn')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}

function DetailsStep({ onSent }: { onSent: (details: ForgotPasswordInput) => void }) {
  const { t } = useTranslation('auth');
  const requestCode = useRequestResetCode();
  const form = useForm<ForgotPasswordInput>({
    initialValues: { email: '', contactNumber: '' },
    validate: zodValidate(ForgotPasswordInputSchema),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    requestCode.mutate(values, {
      // The server's answer is the same for every address (AuthMessages.resetRequested); the next step says it in the reader's language.
      onSuccess: () => onSent(values),
      onError: (error) => {
        form.setErrors(serverFieldErrors(error, ['email', 'contactNumber']));
        notifyError(t('forgot.failed', { reason: failureReason(error) }));
      },
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text>{t('forgot.intro')}</Text>
        <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <PhoneInput label={t('forgot.contactNumber')} required {...form.getInputProps('contactNumber')} />
        <Button type="submit" fullWidth loading={requestCode.isPending}>
          {t('forgot.sendCode')}
        </Button>
      </Stack>
    </form>
  );
}

function CodeStep({ details, onRestart }: { details: ForgotPasswordInput; onRestart: () => void }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { code: '', newPassword: '' },
    validate: (values) => {
      const errors = zodValidate(CodeStepSchema)(values);
      const personal = passwordPersonalProblem(values.newPassword, details);
      if (personal && !errors.newPassword) errors.newPassword = codedMessage(personal);
      return errors;
    },
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    reset.mutate(
      { ...details, ...values },
      {
        onSuccess: () => {
          notifySuccess(t('forgot.done'));
          void navigate(paths.signIn);
        },
        onError: (error) => {
          form.setErrors(serverFieldErrors(error, ['code', 'newPassword']));
          notifyError(t('forgot.failed', { reason: failureReason(error) }));
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Alert color="green" variant="light" role="status">
          {t('forgot.codeSent')}
        </Alert>
        <TextInput label={t('forgot.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} required {...form.getInputProps('code')} />
        <PasswordField
          label={t('forgot.newPassword')}
          autoComplete="new-password"
          description={t('fields.newPasswordHint')}
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordStrengthMeter password={form.values.newPassword} personal={[details.email, details.contactNumber]} />
        <Button type="submit" fullWidth loading={reset.isPending}>
          {t('forgot.submit')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          {t('forgot.restart')}
        </Anchor>
      </Stack>
    </form>
  );
}
