import { ChangePasswordInputSchema } from '@annadaan/contract/auth';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from '../../../i18n/react';
import { serverFieldErrors, zodValidate } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangePassword } from '../api/profile-api';
import { PasswordField } from '../../../components/password-field';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';

/** `personal`: the person's name, email and phone, which count against a new password. */
export function ChangePasswordForm({ personal = [] }: { personal?: readonly string[] }) {
  const { t } = useTranslation('profile');
  const change = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '' },
    validate: zodValidate(ChangePasswordInputSchema),
  });

  const submit = form.onSubmit((values) => {
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        notifySuccess(t('password.updated'));
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error, ['currentPassword', 'newPassword']));
        notifyError(t('password.failed'));
      },
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('password.title')}
        </Title>
        <PasswordField label={t('password.current')} autoComplete="current-password" required {...form.getInputProps('currentPassword')} />
        <PasswordField
          label={t('password.new')}
          autoComplete="new-password"
          description={t('password.newHint')}
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordStrengthMeter password={form.values.newPassword} personal={personal} />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {t('password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
