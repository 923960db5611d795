import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useBrowseDonations } from '../../features/donations/api/donations-api';
import { EndingSoonCarousel } from '../../features/donations/components/ending-soon-carousel';
import { paths } from '../paths';

/** The signed-in home: a welcome banner and the donations ending soonest. */
export function HomePage() {
  const query = useBrowseDonations({ sort: 'ENDING_SOON', pageSize: 6 });
  const donations = query.data?.donations ?? [];

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Paper p="xl" radius="lg" bg="green.0">
          <Title order={1}>Welcome to Annadaan</Title>
          <Text mt="xs" size="lg">
            Save Food, Save Lives. Share what you have, or collect what you need.
          </Text>
          <Group mt="md">
            <Button component={Link} to={paths.donate}>
              Donate Food
            </Button>
            <Button component={Link} to={paths.browse} variant="outline">
              Request Food
            </Button>
          </Group>
        </Paper>
        <section aria-labelledby="ending-soon-heading">
          <Group justify="space-between" mb="md">
            <Title order={2} id="ending-soon-heading">
              Ending soon
            </Title>
            <Button component={Link} to={paths.browse} variant="light">
              Browse More
            </Button>
          </Group>
          {query.isPending ? (
            <Text role="status">Loading donations...</Text>
          ) : query.isError || donations.length === 0 ? (
            // The spec logs slider failures without a message; an empty slider reads the same.
            <Text role="status">No donations ending soon.</Text>
          ) : (
            <EndingSoonCarousel donations={donations} linkTo={(donation) => paths.requestDonation(donation.id)} />
          )}
        </section>
      </Stack>
    </Container>
  );
}
