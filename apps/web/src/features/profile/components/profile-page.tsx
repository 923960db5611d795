import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconBuildingCommunity, IconLayoutDashboard } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { notifyError } from '../../../lib/notify';
import { useProfile } from '../api/profile-api';
import { AccountDataPanel } from './account-data-panel';
import { AvatarUpload } from './avatar-upload';
import { ChangePasswordForm } from './change-password-form';
import { DirectoryOptIn } from './directory-opt-in';
import { ProfileForm } from './profile-form';
import { ReliabilitySection } from './reliability-section';

/**
 * `children`: sections the route adds below the profile's own (the blocked people, issue 16).
 * `smsStatus`: the "SMS alerts activation" indicator, which the route takes from the
 * notifications feature (whether the number is verified and SMS is on, issue 31).
 */
export function ProfilePage({ children, smsStatus }: { children?: ReactNode; smsStatus?: ReactNode } = {}) {
  const { t } = useTranslation('profile');
  const profile = useProfile();

  useEffect(() => {
    if (profile.isError) notifyError(t('loadFailed'));
  }, [profile.isError, t]);

  return (
    <Container size="sm" py="xl" px="md">
      <Title order={1} mb="lg">
        {t('title')}
      </Title>
      {profile.isPending ? (
        <Text role="status">{t('loading')}</Text>
      ) : profile.isError ? (
        <Alert color="red" variant="light">
          {t('loadFailed')}{' '}
          <Button component={Link} to={paths.signIn} variant="subtle" size="compact-sm">
            {t('signIn')}
          </Button>
        </Alert>
      ) : (
        <Stack gap="lg">
          <Paper withBorder p="md" radius="md">
            <AvatarUpload profile={profile.data} />
            {smsStatus ? <Stack mt="md">{smsStatus}</Stack> : null}
          </Paper>
          <Paper withBorder p="md" radius="md">
            {/* Keyed by id so the form starts from the loaded values instead of empty ones. */}
            <ProfileForm key={profile.data.id} profile={profile.data} />
          </Paper>
          <Paper withBorder p="md" radius="md">
            <DirectoryOptIn profile={profile.data} />
          </Paper>
          <Paper withBorder p="md" radius="md">
            <ReliabilitySection />
          </Paper>
          <Paper withBorder p="md" radius="md">
            <ChangePasswordForm personal={[profile.data.fullName, profile.data.email, profile.data.contactNumber]} />
          </Paper>
          <Paper withBorder p="md" radius="md">
            <AccountDataPanel />
          </Paper>
          {children}
          <Group wrap="wrap">
            <Button component={Link} to={paths.dashboard} variant="outline" leftSection={<IconLayoutDashboard size={18} aria-hidden="true" />}>
              {t('goToDashboard')}
            </Button>
            <Button component={Link} to={paths.notificationSettings} variant="outline" leftSection={<IconBell size={18} aria-hidden="true" />}>
              {t('notificationSettings')}
            </Button>
            <Button component={Link} to={paths.myOrganisations} variant="outline" leftSection={<IconBuildingCommunity size={18} aria-hidden="true" />}>
              {t('myOrganisations')}
            </Button>
          </Group>
        </Stack>
      )}
    </Container>
  );
}
