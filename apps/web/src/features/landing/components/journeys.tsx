import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBasket, IconHeartHandshake, IconToolsKitchen2, IconTruckDelivery, IconUserPlus, IconUserCheck } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from '../../../i18n/react';

interface Step {
  /** Where the landing catalog keeps the step's title and sentence. */
  key: `journeys.donorSteps.${'signUp' | 'register' | 'donate' | 'thanks'}` | `journeys.receiverSteps.${'signUp' | 'collect' | 'distribute' | 'thanks'}`;
  Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

const donorSteps: Step[] = [
  { key: 'journeys.donorSteps.signUp', Icon: IconUserPlus },
  { key: 'journeys.donorSteps.register', Icon: IconUserCheck },
  { key: 'journeys.donorSteps.donate', Icon: IconToolsKitchen2 },
  { key: 'journeys.donorSteps.thanks', Icon: IconHeartHandshake },
];

const receiverSteps: Step[] = [
  { key: 'journeys.receiverSteps.signUp', Icon: IconUserPlus },
  { key: 'journeys.receiverSteps.collect', Icon: IconBasket },
  { key: 'journeys.receiverSteps.distribute', Icon: IconTruckDelivery },
  { key: 'journeys.receiverSteps.thanks', Icon: IconHeartHandshake },
];

function Journey({ title, steps }: { title: string; steps: Step[] }) {
  const { t } = useTranslation('landing');
  return (
    <Paper withBorder p="lg">
      <Title order={3} mb="md">
        {title}
      </Title>
      <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {steps.map(({ key, Icon }, index) => (
          <li key={key} style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
            <ThemeIcon size={40} radius="xl" variant="light" aria-hidden="true">
              <Icon size={22} aria-hidden />
            </ThemeIcon>
            <div>
              <Text fw={700}>{t('journeys.step', { number: index + 1, title: t(`${key}.title`) })}</Text>
              <Text size="sm">{t(`${key}.text`)}</Text>
            </div>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}

/** The donor's and the receiver's journeys (spec section 1). */
export function Journeys() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="journeys-title">
      <Title order={2} id="journeys-title" ta="center" mb="md">
        {t('journeys.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Journey title={t('journeys.donor')} steps={donorSteps} />
        <Journey title={t('journeys.receiver')} steps={receiverSteps} />
      </SimpleGrid>
    </section>
  );
}
