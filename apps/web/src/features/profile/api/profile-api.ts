import type { DeleteAccountInput } from '@annadaan/contract/account';
import type { ChangePasswordInput, Profile, UpdateProfileInput, UploadResponse } from '@annadaan/contract/auth';
import type { MessageResponse } from '@annadaan/contract/common';
import type { MyReliability } from '@annadaan/contract/requests';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithHeaders } from '../../../lib/api-client';
import { profileQuery } from '../../../lib/profile-api';

export function updateProfile(input: UpdateProfileInput) {
  return apiRequest<Profile>('/api/user/update-profile', { method: 'PUT', body: input });
}

export function changePassword(input: ChangePasswordInput) {
  return apiRequest<MessageResponse>('/api/user/change-password', { method: 'POST', body: input });
}

export function uploadImage(file: File) {
  const body = new FormData();
  body.append('file', file);
  return apiRequest<UploadResponse>('/api/uploads', { method: 'POST', body });
}

export function useProfile() {
  return useQuery(profileQuery());
}

/** Saves profile fields; the answer is the saved profile, so the cache takes it as it is. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQuery().queryKey, profile);
      // The directory shows this person's card (and, after the opt-in, their contacts).
      void queryClient.invalidateQueries({ queryKey: ['directory'] });
    },
  });
}

/** Uploads a picture and saves it as the profile picture at once (spec section 4). */
export function useUpdateProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      let url: string;
      try {
        url = (await uploadImage(file)).url;
      } catch (error) {
        throw new PictureUploadError(error);
      }
      return updateProfile({ displayPictureUrl: url });
    },
    onSuccess: (profile) => queryClient.setQueryData(profileQuery().queryKey, profile),
  });
}

/** Tells an upload failure apart from a failure to save the uploaded picture: the spec words them differently. */
export class PictureUploadError extends Error {
  constructor(cause: unknown) {
    super('Image upload failed.', { cause });
    this.name = 'PictureUploadError';
  }
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

export function fetchMyReliability(signal?: AbortSignal) {
  return apiRequest<MyReliability>('/api/requests/my-reliability', { signal });
}

/** Under 'requests', so every request transition (which may change the figures) refreshes it. */
export const myReliabilityQuery = () =>
  queryOptions({
    queryKey: ['requests', 'my-reliability'] as const,
    queryFn: ({ signal }) => fetchMyReliability(signal),
    staleTime: 0,
  });

/** My pickups and handovers and where I stand with the no-show rule. */
export function useMyReliability() {
  return useQuery(myReliabilityQuery());
}

/** Everything the server holds about me, as the JSON file it sends, and the name it gave the file. */
export async function downloadMyData(): Promise<{ json: string; fileName: string }> {
  const { data, headers } = await apiRequestWithHeaders<unknown>('/api/me/export');
  const fileName = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? 'annadaan-my-data.json';
  return { json: JSON.stringify(data, null, 2), fileName };
}

export function deleteMyAccount(input: DeleteAccountInput) {
  return apiRequest<MessageResponse>('/api/me', { method: 'DELETE', body: input });
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

export function useDeleteMyAccount() {
  return useMutation({ mutationFn: deleteMyAccount });
}
