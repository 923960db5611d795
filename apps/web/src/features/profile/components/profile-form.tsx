import { type Profile, UpdateProfileInputSchema } from '@annadaan/contract/auth';
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from '../../../i18n/react';
import { PasswordField } from '../../../components/password-field';
import { PhoneInput, localMobileDigits } from '../../../components/phone-input';
import { serverFieldErrors, zodValidate } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateProfile } from '../api/profile-api';

const FIELDS = ['fullName', 'contactNumber', 'location', 'currentPassword'] as const;

export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: {
      fullName: profile.fullName,
      contactNumber: localMobileDigits(profile.contactNumber),
      location: profile.location,
      currentPassword: '',
    },
    validate: zodValidate(UpdateProfileInputSchema),
    validateInputOnBlur: true,
  });

  // A new phone number is where reset codes would go, so the server asks for the password (issue 12).
  const phoneChanging = form.isDirty('contactNumber');

  const submit = form.onSubmit(({ currentPassword, ...values }) => {
    if (phoneChanging && currentPassword === '') {
      form.setFieldError('currentPassword', t('details.passwordNeeded'));
      return;
    }
    update.mutate(phoneChanging ? { ...values, currentPassword } : values, {
      onSuccess: (saved) => {
        const next = { fullName: saved.fullName, contactNumber: localMobileDigits(saved.contactNumber), location: saved.location, currentPassword: '' };
        form.setValues(next);
        form.resetDirty(next);
        notifySuccess(t('updated'));
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error, FIELDS));
        notifyError(t('updateFailed'));
      },
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('details.title')}
        </Title>
        <TextInput label={t('details.email')} value={profile.email} readOnly description={t('details.emailFixed')} />
        <TextInput label={t('details.fullName')} autoComplete="name" required {...form.getInputProps('fullName')} />
        <PhoneInput label={t('details.phone')} required {...form.getInputProps('contactNumber')} />
        {phoneChanging ? (
          <PasswordField
            label={t('details.password')}
            autoComplete="current-password"
            description={t('details.passwordForPhone')}
            required
            {...form.getInputProps('currentPassword')}
          />
        ) : null}
        <TextInput label={t('details.location')} autoComplete="address-level2" required {...form.getInputProps('location')} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('details.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
