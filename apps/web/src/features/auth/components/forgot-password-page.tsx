import { AuthMessages, type ForgotPasswordInput, ForgotPasswordInputSchema, PasswordSchema, ResetCodeSchema, passwordPersonalProblem } from '@annadaan/contract/auth';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../app/paths';
import { PhoneInput } from '../../../components/phone-input';
import { errorMessage, serverMessage } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRequestResetCode, useResetPassword } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { PasswordField } from '../../../components/password-field';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';

/** Step 2 asks only for what step 1 did not: the code that was sent and the new password. */
const CodeStepSchema = z.object({ code: ResetCodeSchema, newPassword: PasswordSchema });

function failureText(error: unknown) {
  return `Failed to reset password: ${serverMessage(error) ?? errorMessage(error)}`;
}

/**
 * Two steps (issue 2, section 5): email and contact number are not secrets, so they only ask for
 * a code; the code sent to the account's owner is what allows the new password.
 */
export function ForgotPasswordPage() {
  const [account, setAccount] = useState<{ details: ForgotPasswordInput; notice: string } | null>(null);

  return (
    <AuthCard title="Forgot password">
      {account ? (
        <CodeStep details={account.details} notice={account.notice} onRestart={() => setAccount(null)} />
      ) : (
        <DetailsStep onSent={(details, notice) => setAccount({ details, notice })} />
      )}
      <Text size="sm" ta="center" mt="md">
        Remembered it?{' '}
        <Anchor component={Link} to={paths.signIn}>
          Sign In
        </Anchor>
      </Text>
    </AuthCard>
  );
}

function DetailsStep({ onSent }: { onSent: (details: ForgotPasswordInput, notice: string) => void }) {
  const requestCode = useRequestResetCode();
  const form = useForm<ForgotPasswordInput>({
    initialValues: { email: '', contactNumber: '' },
    validate: zodValidate(ForgotPasswordInputSchema),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    requestCode.mutate(values, {
      onSuccess: (response) => onSent(values, response.message),
      onError: (error) => {
        form.setErrors(serverFieldErrors(error, ['email', 'contactNumber']));
        notifyError(failureText(error));
      },
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text>Enter the email and phone number of your account. We will send a 6-digit code to reset your password.</Text>
        <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <PhoneInput label="Contact number" required {...form.getInputProps('contactNumber')} />
        <Button type="submit" fullWidth loading={requestCode.isPending}>
          Send code
        </Button>
      </Stack>
    </form>
  );
}

function CodeStep({ details, notice, onRestart }: { details: ForgotPasswordInput; notice: string; onRestart: () => void }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { code: '', newPassword: '' },
    validate: (values) => {
      const errors = zodValidate(CodeStepSchema)(values);
      const personal = passwordPersonalProblem(values.newPassword, details);
      if (personal && !errors.newPassword) errors.newPassword = personal;
      return errors;
    },
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    reset.mutate(
      { ...details, ...values },
      {
        onSuccess: () => {
          notifySuccess(AuthMessages.resetDone);
          void navigate(paths.signIn);
        },
        onError: (error) => {
          form.setErrors(serverFieldErrors(error, ['code', 'newPassword']));
          notifyError(failureText(error));
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Alert color="green" variant="light" role="status">
          {notice}
        </Alert>
        <TextInput label="6-digit code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required {...form.getInputProps('code')} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          description="At least 8 characters and hard to guess: a few unrelated words work well; not your name, email name or phone number"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordStrengthMeter password={form.values.newPassword} personal={[details.email, details.contactNumber]} />
        <Button type="submit" fullWidth loading={reset.isPending}>
          Reset password
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          Use a different email or phone number
        </Anchor>
      </Stack>
    </form>
  );
}
