import { Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useFormat } from '../../../lib/locale-format';
import { usePublicImpact, type PublicImpact } from '../api/impact-api';

const FIGURES: readonly (keyof PublicImpact)[] = ['completedHandovers', 'donationsListed', 'donors', 'receiversServed'];

/** 'Impact in numbers': the platform's live counts, each labelled with what it counts. */
export function ImpactInNumbers() {
  const { t } = useTranslation('impact');
  const format = useFormat();
  const impact = usePublicImpact();
  return (
    <section aria-labelledby="impact-title">
      <Title order={2} id="impact-title" ta="center" mb="md">
        {t('title')}
      </Title>
      {impact.isError ? (
        <Text ta="center" c="dimmed">
          {t('unavailable')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {FIGURES.map((key) => (
            <Paper key={key} withBorder p="md" ta="center">
              {impact.isSuccess ? (
                <Text fz={32} fw={800} c="green.9">
                  {/* Grouped in full, not "1.2 lakh": a live count reads best exact. */}
                  {format.number(impact.data[key])}
                </Text>
              ) : (
                <Skeleton h={40} w="60%" mx="auto" aria-hidden="true" />
              )}
              <Text size="sm">{t(`figures.${key}`)}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
