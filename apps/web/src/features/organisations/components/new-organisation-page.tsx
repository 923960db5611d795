import { Container, Paper, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useTranslation } from '../../../i18n/react';
import { notifySuccess } from '../../../lib/notify';
import { useCreateOrganisation } from '../api/organisations-api';
import { OrganisationForm } from './organisation-form';

/** /organisations/new: anyone signed in creates an organisation and becomes its first coordinator. */
export function NewOrganisationPage() {
  const { t } = useTranslation('organisations');
  const navigate = useNavigate();
  const create = useCreateOrganisation();
  return (
    <Container size="sm" py="xl" px="md">
      <Title order={1} mb="xs">
        {t('new.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('new.intro')}
      </Text>
      <Paper withBorder p="md" radius="md">
        <OrganisationForm
          submitLabel={t('form.create')}
          pending={create.isPending}
          onSubmit={(input, fail) =>
            create.mutate(input, {
              onSuccess: (organisation) => {
                notifySuccess(t('new.created', { name: organisation.name }));
                void navigate(paths.manageOrganisation(organisation.id));
              },
              onError: fail,
            })
          }
        />
      </Paper>
    </Container>
  );
}
