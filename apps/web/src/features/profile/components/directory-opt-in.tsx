import type { Profile } from '@annadaan/contract/auth';
import { Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateProfile } from '../api/profile-api';

/**
 * The directory opt-in. It saves on toggle, like the profile picture, because a switch that needs
 * a separate Save is easy to leave half-done. The switch moves at once when pressed (the mutation's
 * own pending state arrives a tick later, and a controlled switch would spring back in between) and
 * goes back if saving fails.
 */
export function DirectoryOptIn({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const [wished, setWished] = useState<boolean | null>(null);

  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t('directory.title')}
      </Title>
      <Switch
        label={t('directory.show')}
        description={t('directory.showHint')}
        checked={wished ?? profile.showContactInDirectory}
        disabled={update.isPending}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          setWished(checked);
          update.mutate(
            { showContactInDirectory: checked },
            {
              onSuccess: () => notifySuccess(t('updated')),
              onError: () => {
                setWished(null);
                notifyError(t('updateFailed'));
              },
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
