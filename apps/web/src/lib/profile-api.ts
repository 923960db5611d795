import type { Profile } from '@annadaan/contract/auth';
import type { Language } from '@annadaan/contract/language';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/*
 * The signed-in person's profile. It lives here rather than in the profile feature because the
 * dashboard greeting and the request and contact forms pre-fill from it too, and one query key
 * lets a saved profile update them all.
 */
export function fetchProfile(signal?: AbortSignal) {
  return apiRequest<Profile>('/api/user/profile', { signal });
}

export const profileQuery = () =>
  queryOptions({
    queryKey: ['user', 'profile'] as const,
    queryFn: ({ signal }) => fetchProfile(signal),
  });

/** Keeps the app language on the account (issue 17), through the profile update. */
export function saveLanguage(language: Language) {
  return apiRequest<Profile>('/api/user/update-profile', { method: 'PUT', body: { language } });
}
