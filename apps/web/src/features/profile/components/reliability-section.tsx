import { NO_SHOW_RULE } from '@annadaan/contract/requests';
import { Alert, List, Stack, Text, Title } from '@mantine/core';
import { formatHandovers, formatPickups } from '../../../lib/format';
import { useMyReliability } from '../api/profile-api';

const { noShows, windowDays } = NO_SHOW_RULE;

/** My record as a receiver and as a donor, and the no-show rule in plain words (issue 16; decision 029). */
export function ReliabilitySection() {
  const reliability = useMyReliability();

  return (
    <Stack gap="xs" component="section" aria-labelledby="reliability-heading">
      <Title order={2} size="h3" id="reliability-heading">
        Pickups and handovers
      </Title>
      {reliability.isPending ? (
        <Text role="status">Loading your record...</Text>
      ) : reliability.isError ? (
        <Text role="alert" c="red.8">
          Could not load your record. Please try again later.
        </Text>
      ) : (
        <>
          <Text>
            <Text span fw={600}>
              As a receiver:
            </Text>{' '}
            {formatPickups(reliability.data.asReceiver)}
          </Text>
          <Text>
            <Text span fw={600}>
              As a donor:
            </Text>{' '}
            {formatHandovers(reliability.data.asDonor)}
          </Text>
          {reliability.data.limited ? (
            <Alert color="orange" variant="light" title="You can hold one accepted request at a time">
              You missed {reliability.data.recentNoShows} pickups in the last {windowDays} days. Until you complete a pickup, a donor can accept only one
              of your requests at a time.
            </Alert>
          ) : null}
        </>
      )}
      <Title order={3} size="h4" mt="xs">
        How missed pickups count
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>When a donor accepts your request, collect the food before it expires.</List.Item>
        <List.Item>If the food expires before you collect it, that is a missed pickup (a no-show).</List.Item>
        <List.Item>
          If you miss {noShows} pickups within {windowDays} days, you can hold only one accepted request at a time. This ends as soon as you complete a
          pickup.
        </List.Item>
        <List.Item>Donors see your record before they accept a request, and you see a donor's record before you ask.</List.Item>
        <List.Item>Withdrawing after a request was accepted counts against whoever withdraws: the receiver or the donor.</List.Item>
      </List>
    </Stack>
  );
}
