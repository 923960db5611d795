import type { ContactInput, ContactReceipt } from '@annadaan/contract/contact';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function sendContactMessage(input: ContactInput) {
  return apiRequest<ContactReceipt>('/api/contact', { method: 'POST', body: input });
}

/** A sent message is new to the admins' list. */
export function useSendContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'contact-messages'] }),
  });
}
