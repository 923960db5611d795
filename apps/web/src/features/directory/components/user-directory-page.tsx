import { type Role, Role as Roles } from '@annadaan/contract/common';
import type { DirectoryUser } from '@annadaan/contract/directory';
import { Alert, Avatar, Badge, Card, Center, Container, Group, NativeSelect, Pagination, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { notifyError } from '../../../lib/notify';
import { formatPhone } from '../../../lib/format';
import { DIRECTORY_PAGE_SIZE, type DirectoryFilter, useDirectorySearch } from '../api/directory-api';

/** Long enough that a word typed on a phone keyboard is one request, short enough to feel live. */
const TYPING_PAUSE_MS = 400;

/** `cardActions`: what the route adds to each person's card (Report and Block, issue 16). */
export function UserDirectoryPage({ cardActions }: { cardActions?: (user: DirectoryUser) => ReactNode } = {}) {
  const { t } = useTranslation(['directory', 'common']);
  const roleOptions = [
    { value: 'ALL', label: t('all') },
    ...Object.values(Roles).map((value) => ({ value, label: t(`enums.role.${value}`, { ns: 'common' }) })),
  ];
  const [role, setRole] = useState<Role | 'ALL'>('ALL');
  const [location, setLocation] = useState('');
  const [active, setActive] = useState(true);
  const [page, setPage] = useState(1);
  const [debouncedLocation] = useDebouncedValue(location, TYPING_PAUSE_MS);

  const filter: DirectoryFilter = { role, location: debouncedLocation, profileActive: active, page };
  const search = useDirectorySearch(filter);

  useEffect(() => {
    if (search.isError) notifyError(t('loadFailed'));
  }, [search.isError, search.errorUpdatedAt, t]);

  const total = search.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE));

  return (
    <Container size="lg" py="xl" px="md">
      <Title order={1} mb="lg">
        {t('title')}
      </Title>
      <Group align="flex-end" gap="md" mb="lg" role="search" aria-label={t('filters')}>
        <NativeSelect
          label={t('role')}
          data={roleOptions}
          value={role}
          onChange={(event) => {
            setRole(event.currentTarget.value as Role | 'ALL');
            setPage(1);
          }}
        />
        <TextInput
          label={t('location')}
          placeholder={t('locationPlaceholder')}
          value={location}
          onChange={(event) => {
            setLocation(event.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label={t('status')}
          data={[
            { value: 'true', label: t('active') },
            { value: 'false', label: t('inactive') },
          ]}
          value={String(active)}
          onChange={(event) => {
            setActive(event.currentTarget.value === 'true');
            setPage(1);
          }}
        />
      </Group>

      {search.isPending ? (
        <Text role="status">{t('loading')}</Text>
      ) : search.isError && !search.data ? (
        <Alert color="red" variant="light">
          {t('loadFailed')}
        </Alert>
      ) : search.data.users.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        <Stack gap="lg">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('people', { count: total })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {search.data.users.map((user) => (
              <UserCard key={user.id} user={user} actions={cardActions?.(user)} />
            ))}
          </SimpleGrid>
          {pages > 1 ? (
            <Center>
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': control === 'previous' ? t('previousPage') : control === 'next' ? t('nextPage') : control })}
                getItemProps={(item) => ({ 'aria-label': t('page', { page: item }) })}
              />
            </Center>
          ) : null}
        </Stack>
      )}
    </Container>
  );
}

function UserCard({ user, actions }: { user: DirectoryUser; actions?: ReactNode }) {
  const { t } = useTranslation(['directory', 'common']);
  const headingId = `user-${user.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={user.displayPictureUrl || null} alt="" size="lg" radius="xl" color="green">
          {initials(user.fullName)}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700} id={headingId} component="h2" size="lg" m={0} translate="no">
            {user.fullName}
          </Text>
          <Group gap="xs">
            <Badge color="green.9" variant="outline">
              {t(`enums.role.${user.role}`, { ns: 'common' })}
            </Badge>
            <Badge color={user.profileActive ? 'teal.9' : 'gray.8'} variant="outline">
              {user.profileActive ? t('active') : t('inactive')}
            </Badge>
            {user.deactivated ? (
              <Badge color="red.9" variant="outline">
                {t('deactivated')}
              </Badge>
            ) : null}
          </Group>
          {user.location ? (
            <Text size="sm" translate="no">
              {user.location}
            </Text>
          ) : (
            <Text size="sm">{t('noLocation')}</Text>
          )}
          {/* Shown exactly as the server sends them: masked unless this person opted in or the viewer is an admin. */}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              {t('email')}{' '}
            </Text>
            {user.email}
          </Text>
          <Text size="sm">
            <Text span fw={600}>
              {t('phone')}{' '}
            </Text>
            {formatPhone(user.contactNumber)}
          </Text>
          {!user.contactVisible ? (
            <Text size="xs" c="dimmed">
              {t('hidden')}
            </Text>
          ) : null}
          {actions ? (
            <Group gap="xs" wrap="wrap">
              {actions}
            </Group>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}
