import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MealsDonatedLine } from '../features/impact/components/meals-donated-line';
import { paths } from './paths';

const links = [
  { label: 'About Us', to: paths.about },
  { label: 'Source', to: paths.source },
  { label: 'Contact & Help', to: paths.contactHelp },
  { label: 'T&C', to: paths.terms },
];

export function SiteFooter() {
  return (
    <Box component="footer" bg="green.9" c="white" py="lg" mt="xl">
      <Container size="lg" px="md">
        <Stack gap="sm">
          <Group component="nav" aria-label="Footer" gap="lg">
            {links.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} c="white" underline="always">
                {link.label}
              </Anchor>
            ))}
          </Group>
          <MealsDonatedLine />
          <Text size="sm">Annadaan · Save Food, Save Lives</Text>
        </Stack>
      </Container>
    </Box>
  );
}
