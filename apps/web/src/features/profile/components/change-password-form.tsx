import { ChangePasswordInputSchema } from '@annadaan/contract/auth';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { serverFieldErrors, zodValidate } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangePassword } from '../api/profile-api';
import { PasswordField } from '../../../components/password-field';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';

/** `personal`: the person's name, email and phone, which count against a new password. */
export function ChangePasswordForm({ personal = [] }: { personal?: readonly string[] }) {
  const change = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '' },
    validate: zodValidate(ChangePasswordInputSchema),
  });

  const submit = form.onSubmit((values) => {
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        notifySuccess('Password updated successfully!');
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error, ['currentPassword', 'newPassword']));
        notifyError('Failed to change password. Please try again.');
      },
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Title order={2} size="h3">
          Change password
        </Title>
        <PasswordField label="Current password" autoComplete="current-password" required {...form.getInputProps('currentPassword')} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          description="At least 8 characters and hard to guess: a few unrelated words work well; not your name, email name or phone number"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordStrengthMeter password={form.values.newPassword} personal={personal} />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Update password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
