import { AuthMessages, type Profile, UpdateProfileInputSchema } from '@annadaan/contract/auth';
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PasswordField } from '../../../components/password-field';
import { PhoneInput, localMobileDigits } from '../../../components/phone-input';
import { serverFieldErrors, zodValidate } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateProfile } from '../api/profile-api';

const FIELDS = ['fullName', 'contactNumber', 'location', 'currentPassword'] as const;

export function ProfileForm({ profile }: { profile: Profile }) {
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
      form.setFieldError('currentPassword', AuthMessages.currentPasswordNeeded);
      return;
    }
    update.mutate(phoneChanging ? { ...values, currentPassword } : values, {
      onSuccess: (saved) => {
        const next = { fullName: saved.fullName, contactNumber: localMobileDigits(saved.contactNumber), location: saved.location, currentPassword: '' };
        form.setValues(next);
        form.resetDirty(next);
        notifySuccess('Profile updated successfully!');
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error, FIELDS));
        notifyError('Failed to update profile. Please try again.');
      },
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Title order={2} size="h3">
          Personal details
        </Title>
        <TextInput label="Email" value={profile.email} readOnly description="Your email cannot be changed." />
        <TextInput label="Full name" autoComplete="name" required {...form.getInputProps('fullName')} />
        <PhoneInput label="Phone number" required {...form.getInputProps('contactNumber')} />
        {phoneChanging ? (
          <PasswordField
            label="Your password"
            autoComplete="current-password"
            description="Needed to change your phone number. Your other devices will be signed out, and your old number will be told of the change."
            required
            {...form.getInputProps('currentPassword')}
          />
        ) : null}
        <TextInput label="Location" autoComplete="address-level2" required {...form.getInputProps('location')} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
