import { Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { usePublicImpact, type PublicImpact } from '../api/impact-api';

const count = new Intl.NumberFormat('en-IN');

const FIGURES: { key: keyof PublicImpact; label: string }[] = [
  { key: 'completedHandovers', label: 'Food handovers completed' },
  { key: 'donationsListed', label: 'Donations listed' },
  { key: 'donors', label: 'Donors' },
  { key: 'receiversServed', label: 'Receivers served' },
];

/** 'Impact in numbers': the platform's live counts, each labelled with what it counts. */
export function ImpactInNumbers() {
  const impact = usePublicImpact();
  return (
    <section aria-labelledby="impact-title">
      <Title order={2} id="impact-title" ta="center" mb="md">
        Impact in numbers
      </Title>
      {impact.isError ? (
        <Text ta="center" c="dimmed">
          Live figures are not available right now.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {FIGURES.map(({ key, label }) => (
            <Paper key={key} withBorder p="md" ta="center">
              {impact.isSuccess ? (
                <Text fz={32} fw={800} c="green.9">
                  {count.format(impact.data[key])}
                </Text>
              ) : (
                <Skeleton h={40} w="60%" mx="auto" aria-hidden="true" />
              )}
              <Text size="sm">{label}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
