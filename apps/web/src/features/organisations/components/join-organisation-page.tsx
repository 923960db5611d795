import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useJoinOrganisation } from '../api/organisations-api';

/** /organisations/join/:token: where an invitation link leads; joining is one press, after signing in. */
export function JoinOrganisationPage() {
  const { t } = useTranslation('organisations');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const join = useJoinOrganisation();
  return (
    <Container size="sm" py="xl" px="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Title order={1}>{t('join.title')}</Title>
          <Text>{t('join.intro')}</Text>
          <FormAlert message={join.isError ? errorMessage(join.error) : null} />
          <Button
            loading={join.isPending}
            onClick={() =>
              join.mutate(token, {
                onSuccess: (organisation) => {
                  notifySuccess(t('join.joined', { name: organisation.name }));
                  void navigate(paths.manageOrganisation(organisation.id));
                },
              })
            }
          >
            {t('join.join')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
