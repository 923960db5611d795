import type { DonationRequest } from '@annadaan/contract/requests';
import { Container, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from 'react-router';
import { LoadMore } from '../../components/load-more';
import { WithdrawDonationButton } from '../../features/donations/components/withdraw-donation-button';
import { RatingPanel } from '../../features/ratings/components/rating-panel';
import { useReceivedRequests, useSentRequests } from '../../features/requests/api/requests-api';
import { isOngoing, type StatusGroup, statusGroups } from '../../features/requests/components/labels';
import { OrderCard } from '../../features/requests/components/order-card';
import { RequestSentPanel } from '../../features/requests/components/request-sent-panel';
import { useSessionRole } from '../../lib/use-session';
import { EmptyState } from '../../components/empty-state';
import { paths } from '../paths';

type Mode = 'COLLECTED' | 'DONATED' | 'REQUESTED';

const MODES = ['COLLECTED', 'DONATED', 'REQUESTED'] as const satisfies readonly Mode[];
const STATUS_GROUPS = ['ALL', 'ONGOING', 'COMPLETED', 'CANCELLED'] as const satisfies readonly StatusGroup[];

/** The last side chosen, so My Orders opens where the person left it; per role, as a shared device may change hands. */
const modeKey = (role: string | null) => `annadaan.myOrders.mode.${role ?? 'none'}`;
const isMode = (value: string | null): value is Mode => (MODES as readonly (string | null)[]).includes(value);

function rememberedMode(role: string | null): Mode | null {
  try {
    const stored = localStorage.getItem(modeKey(role));
    return isMode(stored) ? stored : null;
  } catch {
    // Storage can be off (private windows, strict settings): then only the address remembers.
    return null;
  }
}

function rememberMode(role: string | null, mode: Mode) {
  try {
    localStorage.setItem(modeKey(role), mode);
  } catch {
    // See rememberedMode.
  }
}

const newestFirst = (a: DonationRequest, b: DonationRequest) => b.createdAt.localeCompare(a.createdAt);

/**
 * /my-order. Collected Food lists the requests I sent, Donated Food the requests for my food. The
 * spec's client did not handle Requested Food separately; it shows the requests I sent too.
 * It opens on the side named in the address, else the last one chosen, else the person's own
 * side: a donor's handovers (Donated Food), anyone else's requests (Collected Food).
 */
export function MyOrdersPage() {
  // The rating and withdraw controls' catalogs and the pickup map's with the screen's own, fetched
  // together rather than one after another (and not after the screen showed, hiding it again).
  const { t } = useTranslation(['requests', 'ratings', 'donations', 'map']);
  const [params, setParams] = useSearchParams();
  const modeOptions = MODES.map((value) => ({ value, label: t(`myOrders.modes.${value}`) }));
  const statusOptions = STATUS_GROUPS.map((value) => ({ value, label: t(`myOrders.groups.${value}`) }));
  const role = useSessionRole();
  const modeParam = params.get('mode');
  const statusParam = params.get('status');
  const sentId = Number(params.get('sent'));
  const mode: Mode = isMode(modeParam) ? modeParam : (rememberedMode(role) ?? (role === 'DONOR' ? 'DONATED' : 'COLLECTED'));
  const group = (statusParam !== null && statusParam in statusGroups ? statusParam : 'ALL') as StatusGroup;
  const donated = mode === 'DONATED';

  const sent = useSentRequests(!donated);
  const received = useReceivedRequests(undefined, donated);
  const query = donated ? received : sent;

  const set = (key: string, value: string, fallback: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const allowed = statusGroups[group];
  const rows = (query.data?.items ?? []).filter((request) => allowed === null || (allowed as readonly string[]).includes(request.status)).sort(newestFirst);
  // Just requested (issue 29): what was made and what comes next, while the donor has yet to answer.
  const justSent = !donated ? (query.data?.items ?? []).find((request) => request.id === sentId && request.status === 'PENDING') : undefined;

  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('myOrders.title')}</Title>
        <Group grow preventGrowOverflow={false} wrap="wrap">
          <Select
            label={t('myOrders.show')}
            data={modeOptions}
            value={mode}
            allowDeselect={false}
            onChange={(value) => {
              if (!isMode(value)) return;
              rememberMode(role, value);
              // Always in the address, so a reload or a shared link keeps the side whatever the default.
              set('mode', value, '');
            }}
          />
          <Select
            label={t('myOrders.status')}
            data={statusOptions}
            value={group}
            allowDeselect={false}
            onChange={(value) => set('status', value ?? 'ALL', 'ALL')}
          />
        </Group>
        {justSent ? <RequestSentPanel request={justSent} onDismiss={() => set('sent', '', '')} /> : null}
        {query.isPending ? (
          <Text role="status">{t('myOrders.loading')}</Text>
        ) : query.isError ? (
          <Text role="alert" c="red.8">
            {t('myOrders.loadFailed')}
          </Text>
        ) : rows.length === 0 && !query.hasNextPage ? (
          <EmptyState
            role="status"
            message={t('myOrders.empty')}
            action={donated ? { kind: 'donate', to: paths.donate } : { kind: 'browse', to: paths.browse }}
          />
        ) : (
          <Stack gap="sm">
            {rows.map((request) => (
              <OrderCard
                key={request.id}
                request={request}
                mode={donated ? 'donated' : 'collected'}
                donationPath={paths.requestDonation(request.donationId)}
                rating={<RatingPanel requestId={request.id} otherName={donated ? request.receiverName : request.donorName} />}
                donorActions={isOngoing(request.status) ? <WithdrawDonationButton donationId={request.donationId} foodName={request.foodName} /> : undefined}
              />
            ))}
            {/* The server pages the list; the status filter applies to the requests read so far. */}
            <LoadMore
              shown={query.data?.items.length ?? 0}
              total={query.data?.total ?? 0}
              noun={t('myOrders.noun')}
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              onLoadMore={() => void query.fetchNextPage()}
            />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
