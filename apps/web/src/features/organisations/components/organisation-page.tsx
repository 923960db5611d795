import { Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import type { RouteData } from '../../../app/route-data';
import { VerifiedMark } from '../../../components/organisation-badge';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/locale-format';
import { usePageTitle } from '../../../lib/page-title';
import { useSessionToken } from '../../../lib/use-session';
import { publicOrganisationQuery, useMyOrganisations } from '../api/organisations-api';

/** Read before the page is drawn, so the server render carries the content (a shared link opens with it). */
export const routeData: RouteData = (queryClient, { params }) => queryClient.prefetchQuery(publicOrganisationQuery(params.id ?? ''));

/**
 * /organisations/:id, public (issue 32): the name, kind, city, the verified badge and three counts.
 * Never a member's name or contact. Members see a way to their dashboard.
 */
export function OrganisationPage() {
  const { t } = useTranslation('organisations');
  const format = useFormat();
  const { id = '' } = useParams();
  const query = useQuery(publicOrganisationQuery(id));
  const signedIn = Boolean(useSessionToken());
  const mine = useMyOrganisations(signedIn);
  const organisation = query.data;
  usePageTitle(organisation?.name);

  let body: ReactNode;
  if (query.isPending) {
    body = <Text role="status">{t('public.loading')}</Text>;
  } else if (query.isError || !organisation) {
    body =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400) ? (
        <Text role="alert">{t('public.notFound')}</Text>
      ) : (
        <Text role="alert" c="red.8">
          {t('public.failed')}
        </Text>
      );
  } else {
    const member = mine.data?.some((item) => item.id === organisation.id) ?? false;
    const figures = [
      { label: t('public.members'), value: organisation.memberCount },
      { label: t('public.donationsGiven'), value: organisation.donationsGiven },
      { label: t('public.handoversCompleted'), value: organisation.handoversCompleted },
    ];
    body = (
      <Card component="article" withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={1} size="h2" translate="no" style={{ overflowWrap: 'anywhere' }}>
            {organisation.name}
          </Title>
          <Group gap="xs">{organisation.verified ? <VerifiedMark /> : <Text c="dimmed">{t('public.notVerified')}</Text>}</Group>
          <Text>{t('public.kindAndCity', { kind: t(`kinds.${organisation.kind}`), city: organisation.city })}</Text>
          <Title order={2} size="h4">
            {t('public.figures')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 3 }} component="dl" style={{ margin: 0 }}>
            {figures.map((figure) => (
              <div key={figure.label}>
                <Text component="dt" size="sm" c="dimmed">
                  {figure.label}
                </Text>
                <Text component="dd" fw={700} size="xl" style={{ margin: 0 }}>
                  {format.number(figure.value)}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {member ? (
            <Group>
              <Button component={Link} to={paths.manageOrganisation(organisation.id)} variant="light">
                {t('public.manage')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Card>
    );
  }
  return (
    <Container size="sm" py="xl" px="md">
      {body}
    </Container>
  );
}
