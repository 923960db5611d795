import type {
  MyVolunteer,
  Run,
  RunPickupInput,
  RunRatingInput,
  VolunteerApplicant,
  VolunteerApplication,
  VolunteerDecisionInput,
  VolunteerStatus,
} from '@annadaan/contract/runs';
import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithHeaders } from '../../../lib/api-client';
import { pagedListOptions } from '../../../lib/paged-list';

export const VOLUNTEER_QUEUE_PAGE_SIZE = 20;

// Fetchers

export function fetchMyVolunteer(signal?: AbortSignal) {
  return apiRequest<{ volunteer: MyVolunteer | null }>('/api/volunteer/me', { signal });
}

export function saveApplication(input: VolunteerApplication) {
  return apiRequest<MyVolunteer>('/api/volunteer/me', { method: 'PUT', body: input });
}

export function fetchRun(id: number, signal?: AbortSignal) {
  return apiRequest<Run>(`/api/runs/${id}`, { signal });
}

const runAction =
  (action: 'claim' | 'release' | 'collect-myself') =>
  (id: number): Promise<Run> =>
    apiRequest<Run>(`/api/runs/${id}/${action}`, { method: 'POST' });

export async function fetchVolunteerQueue(status: VolunteerStatus, page: number, signal?: AbortSignal) {
  const { data, headers } = await apiRequestWithHeaders<VolunteerApplicant[]>('/api/admin/volunteers', {
    query: { status, page, pageSize: VOLUNTEER_QUEUE_PAGE_SIZE },
    signal,
  });
  return { applicants: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

// Queries: under 'runs' and 'volunteer', which a live notification refreshes.

export const volunteerQueries = {
  mine: () => queryOptions({ queryKey: ['volunteer', 'me'] as const, queryFn: ({ signal }) => fetchMyVolunteer(signal) }),
  near: () => pagedListOptions<Run, readonly ['runs', 'near']>(['runs', 'near'] as const, '/api/runs/near'),
  mineRuns: (view: 'active' | 'history') =>
    pagedListOptions<Run, readonly ['runs', 'mine', 'active' | 'history']>(['runs', 'mine', view] as const, '/api/runs/mine', undefined, { view }),
  run: (id: number) =>
    queryOptions({
      queryKey: ['runs', 'one', id] as const,
      queryFn: ({ signal }) => fetchRun(id, signal),
      // Steps taken by someone else show within seconds even without a live notification (the
      // volunteer hears nothing when the donor enters their code: they are standing there).
      refetchInterval: (query) => (query.state.data && ['OPEN', 'CLAIMED', 'PICKED_UP'].includes(query.state.data.status) ? 5_000 : false),
    }),
  queue: (status: VolunteerStatus, page: number) =>
    queryOptions({
      queryKey: ['volunteer', 'queue', status, page] as const,
      queryFn: ({ signal }) => fetchVolunteerQueue(status, page, signal),
      placeholderData: keepPreviousData,
    }),
};

export function useMyVolunteer(enabled = true) {
  return useQuery({ ...volunteerQueries.mine(), enabled });
}

export function useRunsNear(enabled: boolean) {
  return useInfiniteQuery({ ...volunteerQueries.near(), enabled });
}

export function useMyRuns(view: 'active' | 'history', enabled: boolean) {
  return useInfiniteQuery({ ...volunteerQueries.mineRuns(view), enabled });
}

export function useRun(id: number) {
  return useQuery(volunteerQueries.run(id));
}

export function useVolunteerQueue(status: VolunteerStatus, page: number) {
  return useQuery(volunteerQueries.queue(status, page));
}

/** Every run or volunteer change touches runs, the person's requests and their volunteer record. */
function useRunMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['runs'] }),
        queryClient.invalidateQueries({ queryKey: ['volunteer'] }),
        // The requests feature owns this key; a run's step changes what its request cards say.
        queryClient.invalidateQueries({ queryKey: ['requests'] }),
      ]),
  });
}

export const useSaveApplication = () => useRunMutation(saveApplication);
export const useClaimRun = () => useRunMutation(runAction('claim'));
export const useReleaseRun = () => useRunMutation(runAction('release'));
export const useCollectMyself = () => useRunMutation(runAction('collect-myself'));
export const usePickUpRun = () =>
  useRunMutation(({ id, ...body }: RunPickupInput & { id: number }) => apiRequest<Run>(`/api/runs/${id}/pickup`, { method: 'POST', body }));
export const useDeliverRun = () =>
  useRunMutation(({ id, pickupCode }: { id: number; pickupCode: string }) =>
    apiRequest<Run>(`/api/runs/${id}/deliver`, { method: 'POST', body: { pickupCode } }),
  );
export const useDisposeRun = () =>
  useRunMutation(({ id, reason }: { id: number; reason: string }) => apiRequest<Run>(`/api/runs/${id}/dispose`, { method: 'POST', body: { reason } }));
export const useRateRun = () =>
  useRunMutation(({ id, ...body }: RunRatingInput & { id: number }) => apiRequest<Run>(`/api/runs/${id}/ratings`, { method: 'POST', body }));
export const useDecideVolunteer = () =>
  useRunMutation(({ userId, ...body }: VolunteerDecisionInput & { userId: number }) =>
    apiRequest<MyVolunteer>(`/api/admin/volunteers/${userId}/decision`, { method: 'POST', body }),
  );
