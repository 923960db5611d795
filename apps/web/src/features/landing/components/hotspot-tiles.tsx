import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';

const hotspots = ['New York', 'Malaysia', 'Pakistan', 'Kenya', 'Canada', 'India'];

/** Places where hunger is present, rich and poor alike (spec section 1). */
export function HotspotTiles() {
  return (
    <section aria-labelledby="hotspots-title">
      <Title order={2} id="hotspots-title" ta="center" mb={4}>
        Hunger hotspots
      </Title>
      <Text ta="center" c="dimmed" mb="md">
        Hunger is not only a far-away problem: people go without enough food in rich and poor places alike.
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {hotspots.map((place) => (
          <Paper key={place} component="li" withBorder p="md" ta="center" bg="orange.0">
            <IconMapPin size={28} color="var(--mantine-color-orange-9)" aria-hidden="true" />
            <Text fw={700}>{place}</Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
