import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import { MealsDonatedLine } from '../features/impact/components/meals-donated-line';
import { paths } from './paths';

export function SiteFooter() {
  const { t } = useTranslation();
  const links = [
    { label: t('footer.about'), to: paths.about },
    { label: t('footer.source'), to: paths.source },
    { label: t('footer.contactHelp'), to: paths.contactHelp },
    { label: t('footer.terms'), to: paths.terms },
  ];
  return (
    <Box component="footer" bg="green.9" c="white" py="lg" mt="xl">
      <Container size="lg" px="md">
        <Stack gap="sm">
          <Group component="nav" aria-label={t('footer.nav')} gap="lg">
            {links.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} c="white" underline="always">
                {link.label}
              </Anchor>
            ))}
          </Group>
          <MealsDonatedLine />
          <Text size="sm">{t('footer.tagline')}</Text>
        </Stack>
      </Container>
    </Box>
  );
}
