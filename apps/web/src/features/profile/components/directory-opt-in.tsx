import type { Profile } from '@annadaan/contract/auth';
import { Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateProfile } from '../api/profile-api';

/**
 * The directory opt-in. It saves on toggle, like the profile picture, because a switch that needs
 * a separate Save is easy to leave half-done; the switch shows the saved value, not the wished one.
 */
export function DirectoryOptIn({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const pendingValue = update.isPending ? update.variables.showContactInDirectory : undefined;

  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t('directory.title')}
      </Title>
      <Switch
        label={t('directory.show')}
        description={t('directory.showHint')}
        checked={pendingValue ?? profile.showContactInDirectory}
        disabled={update.isPending}
        onChange={(event) => {
          update.mutate(
            { showContactInDirectory: event.currentTarget.checked },
            {
              onSuccess: () => notifySuccess(t('updated')),
              onError: () => notifyError(t('updateFailed')),
            },
          );
        }}
      />
      <Text size="sm" c="dimmed">
        {/* Kept out of the switch's label: "email" there would make it one more field named Email. */}
        {t('directory.example')}
      </Text>
    </Stack>
  );
}
