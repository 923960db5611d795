import type { ConfirmPhoneInput, MessagingSettings, UpdateConsentInput } from '@annadaan/contract/messaging';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function fetchMessaging(signal?: AbortSignal) {
  return apiRequest<MessagingSettings>('/api/me/messaging', { signal });
}

export function saveConsent(input: UpdateConsentInput) {
  return apiRequest<MessagingSettings>('/api/me/messaging/consent', { method: 'PUT', body: input });
}

export function sendPhoneCode() {
  return apiRequest<{ endingIn: string; expiresAt: string }>('/api/me/phone/verification', { method: 'POST', body: {} });
}

export function confirmPhoneCode(input: ConfirmPhoneInput) {
  return apiRequest<MessagingSettings>('/api/me/phone/verification/confirm', { method: 'POST', body: input });
}

export const messagingQueries = {
  all: ['messaging'] as const,
  mine: () => queryOptions({ queryKey: [...messagingQueries.all, 'mine'] as const, queryFn: ({ signal }) => fetchMessaging(signal) }),
};

export function useMessaging() {
  return useQuery(messagingQueries.mine());
}

export function useSaveConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveConsent,
    onSuccess: (saved) => queryClient.setQueryData(messagingQueries.mine().queryKey, saved),
  });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}

export function useConfirmPhoneCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPhoneCode,
    onSuccess: (saved) => queryClient.setQueryData(messagingQueries.mine().queryKey, saved),
  });
}
