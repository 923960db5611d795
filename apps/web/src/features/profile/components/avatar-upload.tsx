import type { Profile } from '@annadaan/contract/auth';
import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { type ChangeEvent, useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { PictureUploadError, useUpdateProfilePicture } from '../api/profile-api';

export function AvatarUpload({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const inputId = useId();
  const picture = useUpdateProfilePicture();

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    // Clearing lets the same file be chosen again after a failure.
    event.currentTarget.value = '';
    if (!file) return;
    picture.mutate(file, {
      onSuccess: () => notifySuccess(t('picture.updated')),
      onError: (error) => notifyError(error instanceof PictureUploadError ? t('picture.uploadFailed') : t('updateFailed')),
    });
  }

  return (
    // Wraps on a 360 px phone: a long name goes under the picture instead of off the screen.
    <Group gap="lg" wrap="wrap">
      <Avatar
        src={profile.userData.displayPictureUrl || null}
        alt={profile.userData.displayPictureUrl ? t('picture.alt', { name: profile.fullName }) : undefined}
        size={96}
        radius={96}
        color="green"
      >
        {profile.fullName.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack gap="xs" style={{ flex: '1 1 200px', minWidth: 0 }}>
        <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }} translate="no">
          {profile.fullName}
        </Text>
        <input id={inputId} className="file-input-hidden" type="file" accept="image/*" capture="user" disabled={picture.isPending} onChange={onFile} />
        <Button component="label" htmlFor={inputId} variant="light" leftSection={<IconCamera size={18} aria-hidden="true" />} disabled={picture.isPending}>
          {t('picture.change')}
        </Button>
        {/* Always rendered: a live region must exist before its text changes to be announced. */}
        <Text size="sm" role="status">
          {picture.isPending ? t('picture.uploading') : ''}
        </Text>
      </Stack>
    </Group>
  );
}
