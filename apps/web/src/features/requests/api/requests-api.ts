import type { MyWaitlistEntry, WaitlistEntry } from '@annadaan/contract/portions';
import type { DonationRequest, MyRequestForDonation, PendingReceived, PickupInfo } from '@annadaan/contract/requests';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pagedListOptions } from '../../../lib/paged-list';

// Fetchers

export function createRequest(
  input:
    | number
    | string
    | {
        donationId: number | string;
        organisationId?: number | undefined;
        delivery?: 'DELIVER';
        dropoff?: { address: string; geolocation: string };
        /** Issue 33: portions of food shared in portions. */
        portions?: number | undefined;
      },
) {
  const { donationId, ...rest } = typeof input === 'object' ? input : { donationId: input };
  const { organisationId, portions, ...delivery } = rest as {
    organisationId?: number;
    portions?: number;
    delivery?: 'DELIVER';
    dropoff?: { address: string; geolocation: string };
  };
  // paymentMethod is never chosen by the user (spec section 3): the server picks the default.
  return apiRequest<DonationRequest>(`/api/requests/create/${encodeURIComponent(donationId)}`, {
    method: 'POST',
    body: { paymentMethod: '', ...(organisationId === undefined ? {} : { organisationId }), ...(portions === undefined ? {} : { portions }), ...delivery },
  });
}

const transition = (action: 'reject' | 'cancel') => (id: number) => apiRequest<DonationRequest>(`/api/requests/${id}/${action}`, { method: 'POST' });

/** The donor's Accept; on food in portions `portions` may be fewer than asked (issue 33), all asked when left out. */
export function acceptRequest(input: number | { id: number; portions?: number | undefined }) {
  const { id, portions } = typeof input === 'number' ? { id: input, portions: undefined } : input;
  return apiRequest<DonationRequest>(`/api/requests/${id}/accept`, { method: 'POST', body: portions === undefined ? {} : { portions } });
}
export const rejectRequest = transition('reject');
export const cancelRequest = transition('cancel');

export function confirmPickup({ id, pickupCode, portionsCollected }: { id: number | string; pickupCode: string; portionsCollected?: number | undefined }) {
  return apiRequest<DonationRequest>(`/api/requests/${encodeURIComponent(id)}/confirm-pickup`, {
    method: 'POST',
    body: { pickupCode, ...(portionsCollected === undefined ? {} : { portionsCollected }) },
  });
}

// The waitlist (issue 33): a place in line for portions of food with nothing left, and its offers.

export function fetchMyWaitlistEntry(donationId: number | string, signal?: AbortSignal) {
  return apiRequest<MyWaitlistEntry>(`/api/donations/${encodeURIComponent(donationId)}/waitlist/me`, { signal });
}

export function joinWaitlist({ donationId, portions, organisationId }: { donationId: number; portions: number; organisationId?: number | undefined }) {
  return apiRequest<WaitlistEntry>(`/api/donations/${donationId}/waitlist`, {
    method: 'POST',
    body: { portions, ...(organisationId === undefined ? {} : { organisationId }) },
  });
}

export function takeWaitlistOffer(entryId: number) {
  return apiRequest<DonationRequest>(`/api/waitlist/${entryId}/take`, { method: 'POST' });
}

/** Leaves the line, or passes an open offer to the next in line. */
export function leaveWaitlist(entryId: number) {
  return apiRequest<WaitlistEntry>(`/api/waitlist/${entryId}/leave`, { method: 'POST' });
}

export function fetchPendingReceived(signal?: AbortSignal) {
  return apiRequest<PendingReceived>('/api/requests/my-received-requests/pending-count', { signal });
}

export function fetchMyRequestFor(donationId: number | string, signal?: AbortSignal) {
  return apiRequest<MyRequestForDonation>(`/api/requests/for-donation/${encodeURIComponent(donationId)}`, { signal });
}

export function fetchPickupCode(id: number) {
  return apiRequest<PickupInfo>(`/api/requests/${id}/pickup-code`);
}

/**
 * Reads the code once, answer unused, so the service worker keeps its copy for offline use; only
 * when online and a worker controls the page (otherwise there is nothing to gain).
 */
export function keepPickupCodeForOffline(id: number) {
  if (!navigator.onLine || !navigator.serviceWorker?.controller) return;
  fetchPickupCode(id).catch(() => undefined);
}

export function renewPickupCode(id: number) {
  return apiRequest<PickupInfo>(`/api/requests/${id}/pickup-code/renew`, { method: 'POST' });
}

// Query options

export const requestQueries = {
  all: ['requests'] as const,
  // Page by page ("Load more"); the dashboard reads the first page of sent requests under ['requests', 'sent'].
  sent: () =>
    pagedListOptions<DonationRequest, readonly ['requests', 'sent', 'pages']>(
      [...requestQueries.all, 'sent', 'pages'] as const,
      '/api/requests/my-sent-requests',
    ),
  /** Waiting requests first; `donationId` narrows the list to one donation's requests. */
  received: (donationId?: number) =>
    pagedListOptions<DonationRequest, readonly ['requests', 'received', 'pages', number | 'all']>(
      [...requestQueries.all, 'received', 'pages', donationId ?? 'all'] as const,
      '/api/requests/my-received-requests',
      undefined,
      { donationId },
    ),
  /** Under 'received', so every request mutation refreshes the badge too. */
  pendingReceived: () =>
    queryOptions({
      queryKey: [...requestQueries.all, 'received', 'pending'] as const,
      queryFn: ({ signal }) => fetchPendingReceived(signal),
      staleTime: 0,
      refetchOnWindowFocus: true,
      // New requests arrive from other people: look again now and then while the tab is open.
      refetchInterval: 60_000,
    }),
  /**
   * The person's place in one donation's line. Under 'requests', so the live stream's refresh on
   * every notification (a WAITLIST offer among them) brings an offer onto an open page.
   */
  waitlistFor: (donationId: number | string) =>
    queryOptions({
      queryKey: [...requestQueries.all, 'waitlist', String(donationId)] as const,
      queryFn: ({ signal }) => fetchMyWaitlistEntry(donationId, signal),
    }),
  mineFor: (donationId: number | string) =>
    queryOptions({
      queryKey: [...requestQueries.all, 'for-donation', String(donationId)] as const,
      queryFn: ({ signal }) => fetchMyRequestFor(donationId, signal),
    }),
};

// Hooks

export function useSentRequests(enabled = true) {
  return useInfiniteQuery({ ...requestQueries.sent(), enabled });
}

export function useReceivedRequests(donationId?: number, enabled = true) {
  return useInfiniteQuery({ ...requestQueries.received(donationId), enabled });
}

/** The donor's requests waiting for an answer; off when signed out. */
export function usePendingReceived(enabled = true) {
  return useQuery({ ...requestQueries.pendingReceived(), enabled });
}

/** The signed-in person's own request on one donation; off when signed out. */
export function useMyRequestFor(donationId: number | string, enabled = true) {
  return useQuery({ ...requestQueries.mineFor(donationId), enabled });
}

/** Every request transition changes both request lists and the donation's status. */
function useRequestMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestQueries.all }),
        // The donations feature owns this key; a request changes its donation's status.
        queryClient.invalidateQueries({ queryKey: ['donations'] }),
      ]),
  });
}

/** The signed-in person's place on one donation's waitlist; off when signed out or not needed. */
export function useMyWaitlistEntry(donationId: number | string, enabled = true) {
  return useQuery({ ...requestQueries.waitlistFor(donationId), enabled });
}

export const useJoinWaitlist = () => useRequestMutation(joinWaitlist);
export const useTakeWaitlistOffer = () => useRequestMutation(takeWaitlistOffer);
export const useLeaveWaitlist = () => useRequestMutation(leaveWaitlist);
export const useCreateRequest = () => useRequestMutation(createRequest);
export const useAcceptRequest = () => useRequestMutation(acceptRequest);
export const useRejectRequest = () => useRequestMutation(rejectRequest);
export const useCancelRequest = () => useRequestMutation(cancelRequest);
export const useConfirmPickup = () => useRequestMutation(confirmPickup);

export function usePickupCode() {
  return useMutation({ mutationFn: fetchPickupCode });
}

export function useRenewPickupCode() {
  return useMutation({ mutationFn: renewPickupCode });
}
