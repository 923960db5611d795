import { DeleteAccountInputSchema } from '@annadaan/contract/account';
import { Anchor, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { PasswordField } from '../../../components/password-field';
import { serverMessage } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { clearSession } from '../../../lib/session';
import { useDeleteMyAccount, useDownloadMyData } from '../api/profile-api';

/** Hands the file to the browser's download, as a link to it clicked once. */
function saveFile(json: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the file to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** "Your data" on the profile page: download everything held about me, or delete the account (DPDP Act, 2023). */
export function AccountDataPanel() {
  const { t } = useTranslation('profile');
  const download = useDownloadMyData();
  const remove = useDeleteMyAccount();
  const [confirming, confirm] = useDisclosure(false);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { currentPassword: '' }, validate: zodValidate(DeleteAccountInputSchema) });

  const startDownload = () =>
    download.mutate(undefined, {
      onSuccess: ({ json, fileName }) => {
        saveFile(json, fileName);
        notifySuccess(t('data.downloaded'));
      },
      onError: (error) => notifyError(serverMessage(error) ?? t('data.downloadFailed')),
    });

  const close = () => {
    form.reset();
    confirm.close();
  };

  const submit = form.onSubmit((values) => {
    remove.mutate(values, {
      onSuccess: async () => {
        confirm.close();
        // Like signing out: this page goes to the landing page, and nothing of the account stays cached.
        clearSession(location.key);
        await navigate(paths.landing);
        queryClient.clear();
        notifySuccess(t('data.deleted'));
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error, ['currentPassword']);
        form.setErrors(fieldErrors);
        if (!fieldErrors.currentPassword) notifyError(serverMessage(error) ?? t('data.deleteFailed'));
      },
    });
  });

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('data.title')}
      </Title>
      <Text>{t('data.downloadIntro')}</Text>
      <Group>
        <Button variant="outline" leftSection={<IconDownload size={18} aria-hidden="true" />} loading={download.isPending} onClick={startDownload}>
          {t('data.download')}
        </Button>
      </Group>
      <Text>
        {t('data.deleteIntro')}{' '}
        <Anchor component={Link} to={paths.terms}>
          {t('data.whatIsKept')}
        </Anchor>
      </Text>
      <Group>
        <Button color="red" variant="outline" leftSection={<IconTrash size={18} aria-hidden="true" />} onClick={confirm.open}>
          {t('data.delete')}
        </Button>
      </Group>
      <Modal opened={confirming} onClose={close} title={t('data.confirmTitle')} closeButtonProps={{ 'aria-label': t('data.close') }}>
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <Text>{t('data.cannotUndo')}</Text>
            <PasswordField
              label={t('data.currentPassword')}
              autoComplete="current-password"
              required
              data-autofocus
              {...form.getInputProps('currentPassword')}
            />
            <Group justify="flex-end" wrap="wrap">
              <Button variant="default" onClick={close}>
                {t('data.keep')}
              </Button>
              <Button type="submit" color="red" loading={remove.isPending}>
                {t('data.deleteForGood')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
