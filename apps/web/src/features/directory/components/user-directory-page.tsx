import { type Role, Role as Roles } from '@annadaan/contract/common';
import type { DirectoryUser } from '@annadaan/contract/directory';
import { Alert, Avatar, Badge, Card, Center, Container, Group, NativeSelect, Pagination, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { notifyError } from '../../../lib/notify';
import { formatPhone } from '../../../lib/format';
import { DIRECTORY_PAGE_SIZE, type DirectoryFilter, useDirectorySearch } from '../api/directory-api';

const LOAD_FAILED = 'Failed to load user data.';
/** Long enough that a word typed on a phone keyboard is one request, short enough to feel live. */
const TYPING_PAUSE_MS = 400;

const ROLE_LABELS: Record<Role, string> = { DONOR: 'Donor', RECEIVER: 'Receiver', VOLUNTEER: 'Volunteer', ADMIN: 'Admin' };
const ROLE_OPTIONS = [{ value: 'ALL', label: 'All' }, ...Object.values(Roles).map((role) => ({ value: role, label: ROLE_LABELS[role] }))];

/** `cardActions`: what the route adds to each person's card (Report and Block, issue 16). */
export function UserDirectoryPage({ cardActions }: { cardActions?: (user: DirectoryUser) => ReactNode } = {}) {
  const [role, setRole] = useState<Role | 'ALL'>('ALL');
  const [location, setLocation] = useState('');
  const [active, setActive] = useState(true);
  const [page, setPage] = useState(1);
  const [debouncedLocation] = useDebouncedValue(location, TYPING_PAUSE_MS);

  const filter: DirectoryFilter = { role, location: debouncedLocation, profileActive: active, page };
  const search = useDirectorySearch(filter);

  useEffect(() => {
    if (search.isError) notifyError(LOAD_FAILED);
  }, [search.isError, search.errorUpdatedAt]);

  const total = search.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE));

  return (
    <Container size="lg" py="xl" px="md">
      <Title order={1} mb="lg">
        User Directory
      </Title>
      <Group align="flex-end" gap="md" mb="lg" role="search" aria-label="Filter people">
        <NativeSelect
          label="Role"
          data={ROLE_OPTIONS}
          value={role}
          onChange={(event) => {
            setRole(event.currentTarget.value as Role | 'ALL');
            setPage(1);
          }}
        />
        <TextInput
          label="Location"
          placeholder="Area or pin code"
          value={location}
          onChange={(event) => {
            setLocation(event.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label="Status"
          data={[
            { value: 'true', label: 'Active' },
            { value: 'false', label: 'Inactive' },
          ]}
          value={String(active)}
          onChange={(event) => {
            setActive(event.currentTarget.value === 'true');
            setPage(1);
          }}
        />
      </Group>

      {search.isPending ? (
        <Text role="status">Loading...</Text>
      ) : search.isError && !search.data ? (
        <Alert color="red" variant="light">
          {LOAD_FAILED}
        </Alert>
      ) : search.data.users.length === 0 ? (
        <Text>No users found.</Text>
      ) : (
        <Stack gap="lg">
          <Text size="sm" c="dimmed" aria-live="polite">
            {total === 1 ? '1 person' : `${total} people`}
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
                getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              />
            </Center>
          ) : null}
        </Stack>
      )}
    </Container>
  );
}

function UserCard({ user, actions }: { user: DirectoryUser; actions?: ReactNode }) {
  const headingId = `user-${user.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={user.displayPictureUrl || null} alt="" size="lg" radius="xl" color="green">
          {initials(user.fullName)}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700} id={headingId} component="h2" size="lg" m={0}>
            {user.fullName}
          </Text>
          <Group gap="xs">
            <Badge color="green.9" variant="outline">
              {ROLE_LABELS[user.role]}
            </Badge>
            <Badge color={user.profileActive ? 'teal.9' : 'gray.8'} variant="outline">
              {user.profileActive ? 'Active' : 'Inactive'}
            </Badge>
            {user.deactivated ? (
              <Badge color="red.9" variant="outline">
                Deactivated
              </Badge>
            ) : null}
          </Group>
          <Text size="sm">{user.location || 'Location not set'}</Text>
          {/* Shown exactly as the server sends them: masked unless this person opted in or the viewer is an admin. */}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              Email:{' '}
            </Text>
            {user.email}
          </Text>
          <Text size="sm">
            <Text span fw={600}>
              Phone:{' '}
            </Text>
            {formatPhone(user.contactNumber)}
          </Text>
          {!user.contactVisible ? (
            <Text size="xs" c="dimmed">
              Contact details hidden by this person
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
