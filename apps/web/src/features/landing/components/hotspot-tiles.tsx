import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';

const hotspots = ['newYork', 'malaysia', 'pakistan', 'kenya', 'canada', 'india'] as const;

/** Places where hunger is present, rich and poor alike (spec section 1). */
export function HotspotTiles() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="hotspots-title">
      <Title order={2} id="hotspots-title" ta="center" mb={4}>
        {t('hotspots.title')}
      </Title>
      <Text ta="center" c="dimmed" mb="md">
        {t('hotspots.text')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {hotspots.map((place) => (
          <Paper key={place} component="li" withBorder p="md" ta="center" bg="orange.0">
            <IconMapPin size={28} color="var(--mantine-color-orange-9)" aria-hidden="true" />
            <Text fw={700}>{t(`hotspots.${place}`)}</Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
