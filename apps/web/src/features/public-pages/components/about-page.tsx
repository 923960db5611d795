import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';

/** /about: what Annadaan is and how it works. */
export function AboutPage() {
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>About Annadaan</Title>
          <Text mt="sm">
            Annadaan (“the gift of food”) connects people who have surplus food with people who need it, so that good food feeds
            someone instead of going to waste. Its tagline says it all: Save Food, Save Lives.
          </Text>
        </div>
        <section aria-labelledby="how-title">
          <Title order={2} id="how-title" mb="xs">
            How it works
          </Title>
          <List type="ordered" spacing="xs">
            <List.Item>Donors (homes, restaurants, caterers, shops) list surplus food with a pickup address and an expiry time.</List.Item>
            <List.Item>Receivers browse what is available near them and request an item.</List.Item>
            <List.Item>The donor accepts the request and the receiver gets a one-time pickup code.</List.Item>
            <List.Item>At pickup, the donor enters the receiver’s code to confirm the handover, and the receiver can rate it.</List.Item>
          </List>
        </section>
        <section aria-labelledby="why-title">
          <Title order={2} id="why-title" mb="xs">
            Why it matters
          </Title>
          <Text>
            Millions of people go hungry while millions of tonnes of food are wasted every year. The{' '}
            <Anchor underline="always" component={Link} to={paths.stats}>
              statistics page
            </Anchor>{' '}
            shows the figures for India and the world, and the{' '}
            <Anchor underline="always" component={Link} to={paths.source}>
              source page
            </Anchor>{' '}
            says where each one comes from.
          </Text>
        </section>
        <Text>
          Ready to help?{' '}
          <Anchor underline="always" component={Link} to={paths.signUp}>
            Sign up
          </Anchor>{' '}
          as a donor or a receiver. Everyone agrees to the{' '}
          <Anchor underline="always" component={Link} to={paths.terms}>
            terms and conditions
          </Anchor>
          .
        </Text>
      </Stack>
    </Container>
  );
}
