import type {
  ChangeRoleInput,
  CreateInviteInput,
  CreatedInvite,
  Invite,
  Member,
  Organisation,
  OrganisationInput,
  OrganisationRequest,
  OrganisationStatus,
  PendingInvite,
  PublicOrganisation,
  ReviewInput,
  ReviewItem,
} from '@annadaan/contract/organisations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithHeaders } from '../../../lib/api-client';
import { myOrganisationsQuery } from '../../../lib/organisations-api';

/** Lists on one screen show at most this many; the manage page pages nothing further (an organisation this size is rare). */
export const LIST_SIZE = 100;

export const organisationKeys = {
  all: ['organisations'] as const,
  mine: () => [...organisationKeys.all, 'mine'] as const,
  invitesForMe: () => [...organisationKeys.all, 'invites-for-me'] as const,
  public: (id: string | number) => [...organisationKeys.all, 'public', String(id)] as const,
  manage: (id: string | number) => [...organisationKeys.all, 'manage', String(id)] as const,
  review: (status: OrganisationStatus, page: number) => [...organisationKeys.all, 'review', status, page] as const,
};

export const publicOrganisationQuery = (id: string | number) =>
  queryOptions({
    queryKey: organisationKeys.public(id),
    queryFn: ({ signal }) => apiRequest<PublicOrganisation>(`/api/organisations/${id}`, { signal }),
  });

export function useMyOrganisations(enabled = true) {
  return useQuery({ ...myOrganisationsQuery(), enabled });
}

export function useInvitesForMe() {
  return useQuery({
    queryKey: organisationKeys.invitesForMe(),
    queryFn: ({ signal }) => apiRequest<PendingInvite[]>('/api/organisations/invites/mine', { signal }),
  });
}

export function useManagedOrganisation(id: string) {
  return useQuery({
    queryKey: [...organisationKeys.manage(id), 'record'],
    queryFn: ({ signal }) => apiRequest<Organisation>(`/api/organisations/${id}/manage`, { signal }),
    retry: false,
  });
}

export function useMembers(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...organisationKeys.manage(id), 'members'],
    queryFn: ({ signal }) => apiRequest<Member[]>(`/api/organisations/${id}/members`, { query: { pageSize: LIST_SIZE }, signal }),
    enabled,
  });
}

export function useInvites(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...organisationKeys.manage(id), 'invites'],
    queryFn: ({ signal }) => apiRequest<Invite[]>(`/api/organisations/${id}/invites`, { query: { pageSize: LIST_SIZE }, signal }),
    enabled,
  });
}

export function useOrganisationRequests(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...organisationKeys.manage(id), 'requests'],
    queryFn: ({ signal }) => apiRequest<OrganisationRequest[]>(`/api/organisations/${id}/requests`, { query: { pageSize: LIST_SIZE }, signal }),
    enabled,
  });
}

/** Every organisation read is invalidated by any change: the lists are small and the changes rare. */
function useOrganisationMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all }) });
}

export function useCreateOrganisation() {
  return useOrganisationMutation((input: OrganisationInput) => apiRequest<Organisation>('/api/organisations', { method: 'POST', body: input }));
}

export function useEditOrganisation(id: string) {
  return useOrganisationMutation((input: OrganisationInput) => apiRequest<Organisation>(`/api/organisations/${id}`, { method: 'PUT', body: input }));
}

export function useJoinOrganisation() {
  return useOrganisationMutation((token: string) => apiRequest<Organisation>('/api/organisations/join', { method: 'POST', body: { token } }));
}

export function useAcceptInvite() {
  return useOrganisationMutation((inviteId: number) => apiRequest<Organisation>(`/api/organisations/invites/${inviteId}/accept`, { method: 'POST' }));
}

export function useCreateInvite(id: string) {
  return useOrganisationMutation((input: CreateInviteInput) => apiRequest<CreatedInvite>(`/api/organisations/${id}/invites`, { method: 'POST', body: input }));
}

export function useWithdrawInvite(id: string) {
  return useOrganisationMutation((inviteId: number) => apiRequest<null>(`/api/organisations/${id}/invites/${inviteId}`, { method: 'DELETE' }));
}

export function useChangeRole(id: string) {
  return useOrganisationMutation(({ userId, role }: { userId: number } & ChangeRoleInput) =>
    apiRequest<null>(`/api/organisations/${id}/members/${userId}`, { method: 'PUT', body: { role } }),
  );
}

export function useRemoveMember(id: string) {
  return useOrganisationMutation((userId: number) => apiRequest<null>(`/api/organisations/${id}/members/${userId}`, { method: 'DELETE' }));
}

export const REVIEW_PAGE_SIZE = 20;

export function useReviewQueue(status: OrganisationStatus, page: number) {
  return useQuery({
    queryKey: organisationKeys.review(status, page),
    queryFn: async ({ signal }) => {
      const response = await apiRequestWithHeaders<ReviewItem[]>('/api/admin/organisations', { query: { status, page, pageSize: REVIEW_PAGE_SIZE }, signal });
      return { items: response.data, total: Number(response.headers.get('x-total-count') ?? response.data.length) };
    },
  });
}

export function useReview() {
  return useOrganisationMutation(({ id, ...input }: { id: number } & ReviewInput) =>
    apiRequest<{ status: OrganisationStatus }>(`/api/admin/organisations/${id}/review`, { method: 'POST', body: input }),
  );
}

/** A request's pickup code, which every member of the organisation it was made for may read (issue 32). */
export function fetchPickupCode(requestId: number) {
  return apiRequest<{ pickupCode: string; donorContactNumber: string }>(`/api/requests/${requestId}/pickup-code`);
}
