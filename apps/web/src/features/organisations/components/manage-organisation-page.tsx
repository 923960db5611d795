import type { Invite, Member, MemberRole, Organisation, OrganisationRequest } from '@annadaan/contract/organisations';
import { Alert, Anchor, Button, Card, Container, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { PhoneInput } from '../../../components/phone-input';
import { VerifiedMark } from '../../../components/organisation-badge';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/api-client';
import { useFormat } from '../../../lib/locale-format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/page-title';
import { profileQuery } from '../../../lib/profile-api';
import { useQuery } from '@tanstack/react-query';
import {
  fetchPickupCode,
  useChangeRole,
  useCreateInvite,
  useEditOrganisation,
  useInvites,
  useManagedOrganisation,
  useMembers,
  useOrganisationRequests,
  useRemoveMember,
  useWithdrawInvite,
} from '../api/organisations-api';
import { OrganisationForm } from './organisation-form';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/**
 * /organisations/:id/manage (issue 32): the dashboard of an organisation's members. Everyone sees
 * its status, members and requests (with their pickup codes); coordinators also edit the details,
 * manage members and invite. Anyone else is told it does not exist.
 */
export function ManageOrganisationPage({
  volunteers,
}: {
  /** Issue 32: the organisation's volunteers and runs, from the volunteers feature (the route composes them). */
  volunteers?: (organisation: { id: number; coordinator: boolean; verified: boolean }) => ReactNode;
} = {}) {
  // The phone field's words ('auth') load with the page's, not when the invitations first show.
  const { t } = useTranslation(['organisations', 'auth']);
  const { id = '' } = useParams();
  const organisation = useManagedOrganisation(id);
  usePageTitle(organisation.data ? t('manage.title', { name: organisation.data.name }) : undefined);

  if (organisation.isPending) {
    return (
      <Container size="md" py="xl" px="md">
        <Text role="status">{t('manage.loading')}</Text>
      </Container>
    );
  }
  if (organisation.isError) {
    // A heading names the screen for screen readers, as on every other screen.
    return (
      <Container size="md" py="xl" px="md">
        <Title order={1} mb="md">
          {t('manage.notFoundTitle')}
        </Title>
        <Alert color="red" variant="light" role="alert">
          {t('manage.notFound')}
        </Alert>
      </Container>
    );
  }
  const record = organisation.data;
  const coordinator = record.myRole === 'COORDINATOR';
  return (
    <Container size="md" py="xl" px="md">
      <Stack gap="xl">
        <Header organisation={record} />
        <Details organisation={record} coordinator={coordinator} />
        <Members organisationId={id} coordinator={coordinator} />
        {coordinator ? <Invites organisationId={id} /> : null}
        <Requests organisationId={id} />
        {/* Issue 32: the organisation's volunteers and delivery runs, drawn by the volunteers feature. */}
        {volunteers ? (
          <section aria-labelledby="organisation-volunteers" data-testid="organisation-volunteers">
            <Title order={2} size="h3" id="organisation-volunteers" mb="xs">
              {t('manage.volunteersTitle')}
            </Title>
            {volunteers({ id: record.id, coordinator, verified: record.status === 'VERIFIED' })}
          </section>
        ) : null}
      </Stack>
    </Container>
  );
}

function Header({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('organisations');
  return (
    <Stack gap="xs">
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        <span translate="no">{organisation.name}</span>
      </Title>
      <Group gap="sm" wrap="wrap">
        <Text>{t('manage.myRole', { role: t(`roles.${organisation.myRole}`) })}</Text>
        <Anchor component={Link} to={paths.organisation(organisation.id)}>
          {t('manage.publicPage')}
        </Anchor>
      </Group>
      <section aria-labelledby="organisation-status">
        <Title order={2} size="h3" id="organisation-status" mb="xs">
          {t('manage.statusTitle')}
        </Title>
        {organisation.status === 'VERIFIED' ? <VerifiedMark /> : <Text fw={700}>{t(`status.${organisation.status}`)}</Text>}
        {organisation.status === 'MORE_INFO_REQUESTED' && organisation.reviewNote ? (
          <Alert color="yellow" variant="light" mt="xs" title={t('manage.reviewNote')}>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{organisation.reviewNote}</Text>
            <Text mt="xs">{t('manage.resubmit')}</Text>
          </Alert>
        ) : null}
      </section>
    </Stack>
  );
}

function Details({ organisation, coordinator }: { organisation: Organisation; coordinator: boolean }) {
  const { t } = useTranslation('organisations');
  const edit = useEditOrganisation(String(organisation.id));
  return (
    <section aria-labelledby="organisation-details">
      <Title order={2} size="h3" id="organisation-details" mb="xs">
        {t('manage.detailsTitle')}
      </Title>
      {coordinator ? (
        <Paper withBorder p="md" radius="md">
          <OrganisationForm
            initial={{
              name: organisation.name,
              kind: organisation.kind,
              city: organisation.city,
              pinCode: organisation.pinCode,
              fssaiNumber: organisation.fssaiNumber ?? '',
              darpanId: organisation.darpanId ?? '',
            }}
            submitLabel={t('form.save')}
            pending={edit.isPending}
            onSubmit={(input, fail) => edit.mutate(input, { onSuccess: () => notifySuccess(t('manage.saved')), onError: fail })}
          />
        </Paper>
      ) : (
        <Stack gap={4}>
          <Text>
            {t(`kinds.${organisation.kind}`)} · {organisation.city} {organisation.pinCode}
          </Text>
          <Text>{t('manage.fssai', { value: organisation.fssaiNumber ?? t('manage.none') })}</Text>
          <Text>{t('manage.darpan', { value: organisation.darpanId ?? t('manage.none') })}</Text>
        </Stack>
      )}
    </section>
  );
}

function Members({ organisationId, coordinator }: { organisationId: string; coordinator: boolean }) {
  const { t } = useTranslation('organisations');
  const navigate = useNavigate();
  const members = useMembers(organisationId, true);
  const me = useQuery(profileQuery()).data;
  const changeRole = useChangeRole(organisationId);
  const remove = useRemoveMember(organisationId);
  const fail = (error: unknown) => notifyError(errorMessage(error));
  const setRole = (member: Member, role: MemberRole) =>
    changeRole.mutate({ userId: member.userId, role }, { onSuccess: () => notifySuccess(t('manage.changed')), onError: fail });
  const removeOne = (member: Member, self: boolean) =>
    remove.mutate(member.userId, {
      onSuccess: () => {
        notifySuccess(self ? t('manage.left') : t('manage.changed'));
        if (self) void navigate(paths.myOrganisations);
      },
      onError: fail,
    });
  return (
    <section aria-labelledby="organisation-members">
      <Title order={2} size="h3" id="organisation-members" mb="xs">
        {t('manage.membersTitle')}
      </Title>
      {members.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(members.error)}
        </Alert>
      ) : (
        <Stack gap="xs" component="ul" style={listStyle} aria-label={t('manage.membersLabel')}>
          {(members.data ?? []).map((member) => {
            const self = me?.id === member.userId;
            return (
              <Card key={member.userId} withBorder radius="md" padding="sm" component="li">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text>
                    <span translate="no">{member.fullName}</span> {self ? t('manage.you') : null} · {t(`roles.${member.role}`)}
                  </Text>
                  <Group gap="xs" wrap="wrap">
                    {coordinator && !self ? (
                      <>
                        {member.role === 'MEMBER' ? (
                          <Button size="xs" variant="light" onClick={() => setRole(member, 'COORDINATOR')}>
                            {t('manage.makeCoordinator', { name: member.fullName })}
                          </Button>
                        ) : (
                          <Button size="xs" variant="light" onClick={() => setRole(member, 'MEMBER')}>
                            {t('manage.makeMember', { name: member.fullName })}
                          </Button>
                        )}
                        <Button size="xs" variant="light" color="red" onClick={() => removeOne(member, false)}>
                          {t('manage.remove', { name: member.fullName })}
                        </Button>
                      </>
                    ) : null}
                    {self ? (
                      <Button size="xs" variant="light" color="red" onClick={() => removeOne(member, true)}>
                        {t('manage.leave')}
                      </Button>
                    ) : null}
                  </Group>
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
    </section>
  );
}

function Invites({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('organisations');
  const format = useFormat();
  const invites = useInvites(organisationId, true);
  const create = useCreateInvite(organisationId);
  const withdraw = useWithdrawInvite(organisationId);
  const [role, setRole] = useState<MemberRole>('MEMBER');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const roles = (['MEMBER', 'COORDINATOR'] as const).map((value) => ({ value, label: t(`roles.${value}`) }));
  const line = (invite: Invite) =>
    invite.phone
      ? t('manage.inviteByPhone', { phone: invite.phone, role: t(`roles.${invite.role}`), date: format.dateTime(invite.expiresAt) })
      : t('manage.inviteByLink', { role: t(`roles.${invite.role}`), date: format.dateTime(invite.expiresAt) });
  return (
    <section aria-labelledby="organisation-invites">
      <Title order={2} size="h3" id="organisation-invites" mb="xs">
        {t('manage.invitesTitle')}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <NativeSelect label={t('manage.inviteRole')} data={roles} value={role} onChange={(event) => setRole(event.currentTarget.value as MemberRole)} />
          <Group>
            <Button
              loading={create.isPending && create.variables.phone === null}
              onClick={() =>
                create.mutate(
                  { role, phone: null },
                  {
                    onSuccess: (invite) => setLink(invite.link ? `${window.location.origin}${invite.link}` : null),
                    onError: (error) => notifyError(errorMessage(error)),
                  },
                )
              }
            >
              {t('manage.createLink')}
            </Button>
          </Group>
          {link ? (
            <TextInput label={t('manage.linkReady')} value={link} readOnly onFocus={(event) => event.currentTarget.select()} data-testid="invite-link" />
          ) : null}
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              create.mutate(
                { role, phone },
                {
                  onSuccess: () => {
                    setPhone('');
                    setPhoneError(null);
                    notifySuccess(t('manage.phoneSent'));
                  },
                  onError: (error) => setPhoneError(errorMessage(error)),
                },
              );
            }}
          >
            <Stack gap="xs">
              <PhoneInput
                label={t('manage.phone')}
                description={t('manage.phoneHelp')}
                value={phone}
                onChange={(event) => setPhone(event.currentTarget.value)}
                error={phoneError}
              />
              <Group>
                <Button type="submit" variant="light" loading={create.isPending && create.variables.phone !== null}>
                  {t('manage.sendPhone')}
                </Button>
              </Group>
            </Stack>
          </form>
          <Title order={3} size="h4">
            {t('manage.openInvites')}
          </Title>
          {invites.data && invites.data.length > 0 ? (
            <Stack gap="xs" component="ul" style={listStyle}>
              {invites.data.map((invite) => (
                <Group key={invite.id} component="li" justify="space-between" wrap="wrap" gap="xs">
                  <Text size="sm">{line(invite)}</Text>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => withdraw.mutate(invite.id, { onError: (error) => notifyError(errorMessage(error)) })}
                  >
                    {t('manage.withdraw')}
                  </Button>
                </Group>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('manage.noInvites')}
            </Text>
          )}
        </Stack>
      </Paper>
    </section>
  );
}

function Requests({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('organisations');
  const requests = useOrganisationRequests(organisationId, true);
  return (
    <section aria-labelledby="organisation-requests">
      <Title order={2} size="h3" id="organisation-requests" mb="xs">
        {t('manage.requestsTitle')}
      </Title>
      {requests.data && requests.data.length > 0 ? (
        <Stack gap="xs" component="ul" style={listStyle}>
          {requests.data.map((request) => (
            <RequestLine key={request.id} request={request} />
          ))}
        </Stack>
      ) : (
        <Text c="dimmed">{t('manage.requestsEmpty')}</Text>
      )}
    </section>
  );
}

/** Any member may collect: each shows the code on request, as the requester would. */
function RequestLine({ request }: { request: OrganisationRequest }) {
  const { t } = useTranslation('organisations');
  const { t: tc } = useTranslation('common');
  const [code, setCode] = useState<string | null>(null);
  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Text>{t('manage.requestLine', { food: request.foodName, donor: request.donorName, requester: request.requesterName })}</Text>
      <Text size="sm" c="dimmed">
        {t('manage.requestStatus', { status: tc(`enums.requestStatus.${request.status}` as 'enums.requestStatus.PENDING', { defaultValue: request.status }) })}
      </Text>
      {request.status === 'AWAITING_PICKUP' ? (
        code ? (
          <Text fw={700} mt="xs" aria-live="polite">
            {t('manage.pickupCode')}: <span data-testid="organisation-pickup-code">{code}</span>
          </Text>
        ) : (
          <Group mt="xs">
            <Button
              size="xs"
              variant="light"
              onClick={() =>
                void fetchPickupCode(request.id).then(
                  (info) => setCode(info.pickupCode),
                  (error: unknown) => notifyError(errorMessage(error)),
                )
              }
            >
              {t('manage.showCode')}
            </Button>
          </Group>
        )
      ) : null}
    </Card>
  );
}
