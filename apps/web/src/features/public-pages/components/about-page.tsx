import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';

const HOW_IT_WORKS = ['list', 'browse', 'accept', 'pickup'] as const;

/** /about: what Annadaan is and how it works. */
export function AboutPage() {
  const { t } = useTranslation('pages');
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('about.title')}</Title>
          <Text mt="sm">{t('about.intro')}</Text>
        </div>
        <section aria-labelledby="how-title">
          <Title order={2} id="how-title" mb="xs">
            {t('about.howTitle')}
          </Title>
          <List type="ordered" spacing="xs">
            {HOW_IT_WORKS.map((step) => (
              <List.Item key={step}>{t(`about.how.${step}`)}</List.Item>
            ))}
          </List>
        </section>
        <section aria-labelledby="why-title">
          <Title order={2} id="why-title" mb="xs">
            {t('about.whyTitle')}
          </Title>
          <Text>
            <Trans
              t={t}
              i18nKey="about.why"
              components={{
                stats: <Anchor underline="always" component={Link} to={paths.stats} />,
                sourcePage: <Anchor underline="always" component={Link} to={paths.source} />,
              }}
            />
          </Text>
        </section>
        <Text>
          <Trans
            t={t}
            i18nKey="about.join"
            components={{
              signUp: <Anchor underline="always" component={Link} to={paths.signUp} />,
              terms: <Anchor underline="always" component={Link} to={paths.terms} />,
            }}
          />
        </Text>
      </Stack>
    </Container>
  );
}
