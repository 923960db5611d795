import { Alert, Anchor, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { VerifiedMark } from '../../../components/organisation-badge';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAcceptInvite, useInvitesForMe, useMyOrganisations } from '../api/organisations-api';

/** /organisations: the person's organisations, the invitations to their phone number, and "Create". */
export function MyOrganisationsPage() {
  const { t } = useTranslation('organisations');
  const mine = useMyOrganisations();
  const invites = useInvitesForMe();
  const accept = useAcceptInvite();
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <div>
          <Title order={1} mb="xs">
            {t('mine.title')}
          </Title>
          <Text c="dimmed">{t('mine.intro')}</Text>
        </div>
        <Group>
          <Button component={Link} to={paths.newOrganisation}>
            {t('mine.create')}
          </Button>
        </Group>
        {invites.data && invites.data.length > 0 ? (
          <section aria-labelledby="organisation-invites">
            <Title order={2} size="h3" id="organisation-invites" mb="sm">
              {t('mine.invitesTitle')}
            </Title>
            <Stack gap="sm">
              {invites.data.map((invite) => (
                <Card key={invite.id} withBorder radius="md" padding="sm">
                  <Text>{t('mine.invite', { name: invite.organisation.name, role: t(`roles.${invite.role}`) })}</Text>
                  <Group mt="xs">
                    <Button
                      size="sm"
                      loading={accept.isPending && accept.variables === invite.id}
                      aria-label={t('mine.accept', { name: invite.organisation.name })}
                      onClick={() =>
                        accept.mutate(invite.id, {
                          onSuccess: (organisation) => notifySuccess(t('mine.accepted', { name: organisation.name })),
                          onError: (error) => notifyError(errorMessage(error)),
                        })
                      }
                    >
                      {t('join.join')}
                    </Button>
                  </Group>
                </Card>
              ))}
            </Stack>
          </section>
        ) : null}
        {mine.isPending ? (
          <Text role="status">{t('mine.loading')}</Text>
        ) : mine.isError ? (
          <Alert color="red" variant="light">
            {t('mine.failed')}
          </Alert>
        ) : mine.data.length === 0 ? (
          <Text role="status">{t('mine.empty')}</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('mine.listLabel')}>
            {mine.data.map((organisation) => (
              <Card key={organisation.id} withBorder radius="md" padding="sm" component="li">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Anchor component={Link} to={paths.manageOrganisation(organisation.id)} fw={700} aria-label={t('mine.open', { name: organisation.name })}>
                    <span translate="no">{organisation.name}</span>
                  </Anchor>
                  {organisation.status === 'VERIFIED' ? <VerifiedMark /> : null}
                </Group>
                <Text size="sm" c="dimmed">
                  {t('mine.roleAndStatus', { role: t(`roles.${organisation.myRole}`), status: t(`status.${organisation.status}`) })}
                </Text>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
