import type { Profile } from '@annadaan/contract/auth';
import { Stack, Switch, Text, Title } from '@mantine/core';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateProfile } from '../api/profile-api';

/**
 * The directory opt-in. It saves on toggle, like the profile picture, because a switch that needs
 * a separate Save is easy to leave half-done; the switch shows the saved value, not the wished one.
 */
export function DirectoryOptIn({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const pendingValue = update.isPending ? update.variables.showContactInDirectory : undefined;

  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Directory
      </Title>
      <Switch
        label="Show my contact details in the directory"
        description="When off, other people see your contact details partly hidden."
        checked={pendingValue ?? profile.showContactInDirectory}
        disabled={update.isPending}
        onChange={(event) => {
          update.mutate(
            { showContactInDirectory: event.currentTarget.checked },
            {
              onSuccess: () => notifySuccess('Profile updated successfully!'),
              onError: () => notifyError('Failed to update profile. Please try again.'),
            },
          );
        }}
      />
      <Text size="sm" c="dimmed">
        {/* Kept out of the switch's label: "email" there would make it one more field named Email. */}
        For example r•••@gmail.com and +91 98•••••210. Admins can always see your contact details.
      </Text>
    </Stack>
  );
}
