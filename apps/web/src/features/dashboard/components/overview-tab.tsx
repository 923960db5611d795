import type { MonthlyDonations, UserSummary } from '@annadaan/contract/analytics';
import type { Donation } from '@annadaan/contract/donations';
import type { DonationRequest, PendingReceived } from '@annadaan/contract/requests';
import { AreaChart, DonutChart } from '@mantine/charts';
import { Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { formatCount, formatDateTime } from '../../../lib/format';
import { ChartSummary, EmptyText, Section, StatusBadge, monthLabel } from './dashboard-ui';

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
  const counters = [
    { label: 'Total Donations', value: summary.myDonations },
    { label: 'Food Requests', value: summary.myFoodRequests },
    { label: 'Ratings Given', value: summary.myRatingsGiven },
    { label: 'Ratings Received', value: summary.myRatingsReceived },
  ];
  const activity = [
    { name: 'Donations', value: summary.myDonations, color: 'green.7' },
    { name: 'Food requests', value: summary.myFoodRequests, color: 'orange.7' },
    { name: 'Ratings given', value: summary.myRatingsGiven, color: 'blue.7' },
    { name: 'Ratings received', value: summary.myRatingsReceived, color: 'grape.7' },
  ];
  const hasActivity = activity.some((slice) => slice.value > 0);
  const trend = monthlyDonations.map((row) => ({ month: monthLabel(row.month), Donations: row.donations }));
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
              {formatCount(counter.value)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      {summary.myDonations > 0 || waiting > 0 ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="overview-received">
          <Group justify="space-between" gap="sm">
            <div>
              <Text fw={700} id="overview-received" component="h3" m={0}>
                Requests for your food
              </Text>
              <Text size="sm" data-testid="overview-received-text">
                {waiting === 0
                  ? 'No request is waiting for your answer.'
                  : `${formatCount(waiting)} ${waiting === 1 ? 'request is' : 'requests are'} waiting for you to accept or reject.`}
              </Text>
            </div>
            <Button component={Link} to={paths.myReceivedRequests} variant={waiting > 0 ? 'filled' : 'light'}>
              Received Requests
            </Button>
          </Group>
        </Paper>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Activity distribution" id="overview-activity">
          {hasActivity ? (
            <Group justify="center">
              <DonutChart data={activity} withLabelsLine={false} withTooltip size={180} thickness={28} />
              <ChartSummary label="Activity distribution" rows={activity.map((slice) => [slice.name, slice.value])} />
              <List size="sm" listStyleType="none">
                {activity.map((slice) => (
                  <List.Item key={slice.name}>
                    {slice.name}: {formatCount(slice.value)}
                  </List.Item>
                ))}
              </List>
            </Group>
          ) : (
            <EmptyText>No activity yet</EmptyText>
          )}
        </Section>
        <Section title="Donations trend" id="overview-trend">
          {hasTrend ? (
            <>
              <AreaChart h={220} data={trend} dataKey="month" series={[{ name: 'Donations', color: 'green.7' }]} curveType="monotone" yAxisProps={{ allowDecimals: false }} />
              <ChartSummary label="Donations per month" rows={trend.map((row) => [row.month, row.Donations])} />
            </>
          ) : (
            <EmptyText>No donation data available</EmptyText>
          )}
        </Section>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Recent donations" id="overview-recent-donations">
          {donations.length === 0 ? (
            <EmptyText>No donations yet</EmptyText>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {donations.slice(0, RECENT).map((donation) => (
                <Group key={donation.id} component="li" justify="space-between" wrap="nowrap">
                  <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Text fw={600}>{donation.foodName}</Text>
                    <Text size="xs" c="dimmed">
                      {donation.quantity} · {formatDateTime(donation.createdAt)}
                    </Text>
                    {waitingOn(donation.id) > 0 ? (
                      <Anchor component={Link} to={paths.receivedRequestsFor(donation.id)} size="xs" fw={600}>
                        {waitingOn(donation.id) === 1 ? '1 request waiting' : `${formatCount(waitingOn(donation.id))} requests waiting`}
                      </Anchor>
                    ) : null}
                  </div>
                  <StatusBadge status={donation.status} />
                </Group>
              ))}
            </Stack>
          )}
        </Section>
        <Section title="Recent requests" id="overview-recent-requests">
          {requests.length === 0 ? (
            <EmptyText>No requests yet</EmptyText>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {requests.slice(0, RECENT).map((request) => (
                <Group key={request.id} component="li" justify="space-between" wrap="nowrap">
                  <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Text fw={600}>{request.foodName}</Text>
                    <Text size="xs" c="dimmed">
                      From {request.donorName} · {formatDateTime(request.requestDate)}
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
