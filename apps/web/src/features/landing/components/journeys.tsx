import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBasket, IconHeartHandshake, IconToolsKitchen2, IconTruckDelivery, IconUserPlus, IconUserCheck } from '@tabler/icons-react';
import type { ComponentType } from 'react';

interface Step {
  title: string;
  text: string;
  Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

const donorSteps: Step[] = [
  { title: 'Sign up', text: 'Create your free account.', Icon: IconUserPlus },
  { title: 'Register as donor', text: 'Choose Donor, with your FSSAI licence if you have one.', Icon: IconUserCheck },
  { title: 'Donate food', text: 'List your surplus food with a pickup address.', Icon: IconToolsKitchen2 },
  { title: 'Thank you', text: 'Hand it over with the receiver’s pickup code.', Icon: IconHeartHandshake },
];

const receiverSteps: Step[] = [
  { title: 'Sign up', text: 'Create your free account as a receiver.', Icon: IconUserPlus },
  { title: 'Collect food', text: 'Request a donation and collect it with your pickup code.', Icon: IconBasket },
  { title: 'Distribute food', text: 'Share it with the people who need it.', Icon: IconTruckDelivery },
  { title: 'Thank you', text: 'Rate the donation to build trust.', Icon: IconHeartHandshake },
];

function Journey({ title, steps }: { title: string; steps: Step[] }) {
  return (
    <Paper withBorder p="lg">
      <Title order={3} mb="md">
        {title}
      </Title>
      <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {steps.map(({ title: stepTitle, text, Icon }, index) => (
          <li key={stepTitle} style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
            <ThemeIcon size={40} radius="xl" variant="light" aria-hidden="true">
              <Icon size={22} aria-hidden />
            </ThemeIcon>
            <div>
              <Text fw={700}>
                {index + 1}. {stepTitle}
              </Text>
              <Text size="sm">{text}</Text>
            </div>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}

/** The donor's and the receiver's journeys (spec section 1). */
export function Journeys() {
  return (
    <section aria-labelledby="journeys-title">
      <Title order={2} id="journeys-title" ta="center" mb="md">
        How it works
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Journey title="Donor journey" steps={donorSteps} />
        <Journey title="Receiver journey" steps={receiverSteps} />
      </SimpleGrid>
    </section>
  );
}
