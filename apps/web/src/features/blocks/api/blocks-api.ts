import type { BlockedUser } from '@annadaan/contract/moderation';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The profile shows at most this many; more blocks than that is not a way anyone uses them. */
export const BLOCKS_SHOWN = 100;

export function fetchBlocks(signal?: AbortSignal) {
  return apiRequest<BlockedUser[]>('/api/blocks', { query: { pageSize: BLOCKS_SHOWN }, signal });
}

export function blockUser(userId: number) {
  return apiRequest<BlockedUser>(`/api/blocks/${userId}`, { method: 'PUT' });
}

export function unblockUser(userId: number) {
  return apiRequest<null>(`/api/blocks/${userId}`, { method: 'DELETE' });
}

export const blockQueries = {
  all: ['blocks'] as const,
  list: () => queryOptions({ queryKey: [...blockQueries.all, 'list'] as const, queryFn: ({ signal }) => fetchBlocks(signal) }),
};

export function useBlocks(enabled = true) {
  return useQuery({ ...blockQueries.list(), enabled });
}

/** A block changes what every list shows this person. */
function useBlockMutation(mutationFn: (userId: number) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blockQueries.all }),
        queryClient.invalidateQueries({ queryKey: ['browse'] }),
        queryClient.invalidateQueries({ queryKey: ['food-requests'] }),
        queryClient.invalidateQueries({ queryKey: ['map'] }),
      ]),
  });
}

export function useBlockUser() {
  return useBlockMutation(blockUser);
}

export function useUnblockUser() {
  return useBlockMutation(unblockUser);
}
