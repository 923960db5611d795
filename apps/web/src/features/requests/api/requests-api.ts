import type { DonationRequest, PickupInfo } from '@annadaan/contract/requests';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pagedListOptions } from '../../../lib/paged-list';

// Fetchers

export function createRequest(donationId: number | string) {
  // paymentMethod is never chosen by the user (spec section 3): the server picks the default.
  return apiRequest<DonationRequest>(`/api/requests/create/${encodeURIComponent(donationId)}`, {
    method: 'POST',
    body: { paymentMethod: '' },
  });
}

const transition = (action: 'accept' | 'reject' | 'cancel') => (id: number) =>
  apiRequest<DonationRequest>(`/api/requests/${id}/${action}`, { method: 'POST' });

export const acceptRequest = transition('accept');
export const rejectRequest = transition('reject');
export const cancelRequest = transition('cancel');

export function confirmPickup({ id, pickupCode }: { id: number | string; pickupCode: string }) {
  return apiRequest<DonationRequest>(`/api/requests/${encodeURIComponent(id)}/confirm-pickup`, {
    method: 'POST',
    body: { pickupCode },
  });
}

export function fetchPickupCode(id: number) {
  return apiRequest<PickupInfo>(`/api/requests/${id}/pickup-code`);
}

export function renewPickupCode(id: number) {
  return apiRequest<PickupInfo>(`/api/requests/${id}/pickup-code/renew`, { method: 'POST' });
}

// Query options

export const requestQueries = {
  all: ['requests'] as const,
  // Page by page ("Load more"); the dashboard reads the first page of sent requests under ['requests', 'sent'].
  sent: () =>
    pagedListOptions<DonationRequest, readonly ['requests', 'sent', 'pages']>([...requestQueries.all, 'sent', 'pages'] as const, '/api/requests/my-sent-requests'),
  received: () =>
    pagedListOptions<DonationRequest, readonly ['requests', 'received', 'pages']>(
      [...requestQueries.all, 'received', 'pages'] as const,
      '/api/requests/my-received-requests',
    ),
};

// Hooks

export function useSentRequests(enabled = true) {
  return useInfiniteQuery({ ...requestQueries.sent(), enabled });
}

export function useReceivedRequests(enabled = true) {
  return useInfiniteQuery({ ...requestQueries.received(), enabled });
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
