import type { MonthlyDonations, UserSummary } from '@annadaan/contract/analytics';
import type { Donation } from '@annadaan/contract/donations';
import type { DonationRequest, PendingReceived } from '@annadaan/contract/requests';
import { AreaChart, DonutChart } from '@mantine/charts';
import { Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Trans, useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useFormat } from '../../../lib/locale-format';
import { ChartSummary, EmptyText, Section, StatusBadge } from './dashboard-ui';

/** The spec's recent lists hold 5 items. */
const RECENT = 5;

interface OverviewProps {
  summary: UserSummary;
  monthlyDonations: MonthlyDonations;
  donations: Donation[];
  requests: DonationRequest[];
  /** Requests on the person's donations waiting for an answer; undefined while loading or on failure. */
  pendingReceived?: PendingReceived | undefined;
}

export function OverviewTab({ summary, monthlyDonations, donations, requests, pendingReceived }: OverviewProps) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const counters = [
    { label: t('overview.totalDonations'), value: summary.myDonations },
    { label: t('overview.foodRequests'), value: summary.myFoodRequests },
    { label: t('overview.ratingsGiven'), value: summary.myRatingsGiven },
    { label: t('overview.ratingsReceived'), value: summary.myRatingsReceived },
  ];
  const activity = [
    { name: t('overview.sliceDonations'), value: summary.myDonations, color: 'green.7' },
    { name: t('overview.sliceFoodRequests'), value: summary.myFoodRequests, color: 'orange.7' },
    { name: t('overview.sliceRatingsGiven'), value: summary.myRatingsGiven, color: 'blue.7' },
    { name: t('overview.sliceRatingsReceived'), value: summary.myRatingsReceived, color: 'grape.7' },
  ];
  const hasActivity = activity.some((slice) => slice.value > 0);
  const trend = monthlyDonations.map((row) => ({ month: format.month(row.month), donations: row.donations }));
  const hasTrend = monthlyDonations.some((row) => row.donations > 0);
  const waiting = pendingReceived?.pending ?? 0;
  const waitingOn = (donationId: number) => pendingReceived?.donations.find((entry) => entry.donationId === donationId)?.pending ?? 0;

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        {counters.map((counter) => (
          <Paper key={counter.label} withBorder p="md" radius="md" component="article" aria-label={counter.label}>
            <Text size="sm" c="dimmed">
              {counter.label}
            </Text>
            <Text fz={28} fw={800} data-testid="counter-value">
              {format.number(counter.value)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      {summary.myDonations > 0 || waiting > 0 ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="overview-received">
          <Group justify="space-between" gap="sm">
            <div>
              <Text fw={700} id="overview-received" component="h3" m={0}>
                {t('overview.requestsForYourFood')}
              </Text>
              <Text size="sm" data-testid="overview-received-text">
                {waiting === 0 ? t('overview.noneWaiting') : t('overview.waiting', { count: waiting, formatted: format.number(waiting) })}
              </Text>
            </div>
            <Button component={Link} to={paths.myReceivedRequests} variant={waiting > 0 ? 'filled' : 'light'}>
              {t('overview.receivedRequests')}
            </Button>
          </Group>
        </Paper>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t('overview.activityDistribution')} id="overview-activity">
          {hasActivity ? (
            <Group justify="center">
              <DonutChart data={activity} withLabelsLine={false} withTooltip size={180} thickness={28} valueFormatter={format.number} />
              <ChartSummary label={t('overview.activityDistribution')} rows={activity.map((slice) => [slice.name, format.number(slice.value)])} />
              <List size="sm" listStyleType="none">
                {activity.map((slice) => (
                  <List.Item key={slice.name}>
                    {slice.name}: {format.number(slice.value)}
                  </List.Item>
                ))}
              </List>
            </Group>
          ) : (
            <EmptyText>{t('overview.noActivity')}</EmptyText>
          )}
        </Section>
        <Section title={t('overview.donationsTrend')} id="overview-trend">
          {hasTrend ? (
            <>
              <AreaChart
                h={220}
                data={trend}
                dataKey="month"
                series={[{ name: 'donations', label: t('overview.sliceDonations'), color: 'green.7' }]}
                curveType="monotone"
                yAxisProps={{ allowDecimals: false, tickFormatter: format.number }}
                valueFormatter={format.number}
              />
              <ChartSummary label={t('overview.donationsPerMonth')} rows={trend.map((row) => [row.month, format.number(row.donations)])} />
            </>
          ) : (
            <EmptyText>{t('overview.noDonationData')}</EmptyText>
          )}
        </Section>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t('overview.recentDonations')} id="overview-recent-donations">
          {donations.length === 0 ? (
            <EmptyText>{t('overview.noDonations')}</EmptyText>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {donations.slice(0, RECENT).map((donation) => (
                <Group key={donation.id} component="li" justify="space-between" wrap="nowrap">
                  <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Text fw={600} translate="no">
                      {donation.foodName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <span translate="no">{donation.quantity}</span> · {format.dateTime(donation.createdAt)}
                    </Text>
                    {waitingOn(donation.id) > 0 ? (
                      <Anchor component={Link} to={paths.receivedRequestsFor(donation.id)} size="xs" fw={600}>
                        {t('overview.requestsWaiting', { count: waitingOn(donation.id), formatted: format.number(waitingOn(donation.id)) })}
                      </Anchor>
                    ) : null}
                  </div>
                  <StatusBadge status={donation.status} />
                </Group>
              ))}
            </Stack>
          )}
        </Section>
        <Section title={t('overview.recentRequests')} id="overview-recent-requests">
          {requests.length === 0 ? (
            <EmptyText>{t('overview.noRequests')}</EmptyText>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {requests.slice(0, RECENT).map((request) => (
                <Group key={request.id} component="li" justify="space-between" wrap="nowrap">
                  <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Text fw={600} translate="no">
                      {request.foodName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <Trans t={t} i18nKey="overview.from" values={{ name: request.donorName }} components={{ name: <span translate="no" /> }} /> ·{' '}
                      {format.dateTime(request.requestDate)}
                    </Text>
                  </div>
                  <StatusBadge status={request.status} />
                </Group>
              ))}
            </Stack>
          )}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
