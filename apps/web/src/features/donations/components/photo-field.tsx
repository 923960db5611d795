import { Button, CloseButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconCamera, IconPhoto } from '@tabler/icons-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { notifyError } from '../../../lib/notify';
import { useUploadPhoto } from '../api/donations-api';
import { shrinkPhoto } from './shrink-photo';

interface Props {
  value: string;
  onChange: (url: string) => void;
  onBusyChange: (busy: boolean) => void;
}

/**
 * An optional photo, uploaded as soon as it is chosen so submitting the form is quick. Two
 * buttons because `capture` opens the camera directly on phones but hides the gallery on some
 * Android browsers: people can take a picture or pick one they already have.
 */
export function PhotoField({ value, onChange, onBusyChange }: Props) {
  const { t } = useTranslation('donations');
  const cameraId = useId();
  const galleryId = useId();
  const upload = useUploadPhoto();
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    // Clearing lets the same file be chosen again after a failure.
    event.currentTarget.value = '';
    if (!file) return;
    setPreview(URL.createObjectURL(file));
    onBusyChange(true);
    try {
      const { url } = await upload.mutateAsync(await shrinkPhoto(file));
      onChange(url);
    } catch {
      setPreview(null);
      onChange('');
      notifyError(t('photo.failed'));
    } finally {
      onBusyChange(false);
    }
  }

  const shown = preview ?? (value || null);

  return (
    <Input.Wrapper label={t('photo.label')} description={t('photo.description')}>
      <Stack gap="xs" mt={4}>
        {shown && (
          <Group gap="xs" align="flex-start">
            <Image src={shown} alt={t('photo.preview')} h={120} w={160} fit="cover" radius="sm" />
            <CloseButton
              aria-label={t('photo.remove')}
              onClick={() => {
                setPreview(null);
                onChange('');
              }}
            />
          </Group>
        )}
        <Group gap="xs">
          <input id={cameraId} className="file-input-hidden" type="file" accept="image/*" capture="environment" onChange={onFile} />
          <Button component="label" htmlFor={cameraId} variant="light" leftSection={<IconCamera size={18} aria-hidden="true" />}>
            {t('photo.take')}
          </Button>
          <input id={galleryId} className="file-input-hidden" type="file" accept="image/*" onChange={onFile} />
          <Button component="label" htmlFor={galleryId} variant="default" leftSection={<IconPhoto size={18} aria-hidden="true" />}>
            {t('photo.choose')}
          </Button>
        </Group>
        {/* Always rendered: a live region must exist before its text changes to be announced. */}
        <Text size="sm" role="status">
          {upload.isPending ? t('photo.uploading') : value ? t('photo.uploaded') : ''}
        </Text>
      </Stack>
    </Input.Wrapper>
  );
}
