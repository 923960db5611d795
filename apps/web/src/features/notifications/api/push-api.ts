import type { PushPublicKey, PushSubscriptionInput, PushUnsubscribeInput } from '@annadaan/contract/push';
import { apiRequest } from '../../../lib/api-client';

export function fetchPushPublicKey() {
  return apiRequest<PushPublicKey>('/api/push/public-key');
}

export function savePushSubscription(subscription: PushSubscriptionInput) {
  return apiRequest<{ subscribed: true }>('/api/push/subscriptions', { method: 'POST', body: subscription });
}

export function deletePushSubscription(input: PushUnsubscribeInput) {
  return apiRequest<{ removed: number }>('/api/push/subscriptions', { method: 'DELETE', body: input });
}
