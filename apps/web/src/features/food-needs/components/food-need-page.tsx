import { Anchor, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from '../../../i18n/react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import type { RouteData } from '../../../app/route-data';
import { DietMark } from '../../../components/diet-mark';
import { ShareOnWhatsApp } from '../../../components/share-on-whatsapp';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/locale-format';
import { usePageTitle } from '../../../lib/page-title';
import { useSiteOrigin } from '../../../lib/site-origin';
import { publicFoodNeedQuery } from '../api/food-needs-api';
import { foodCardClasses as classes } from '../../../components/food-card-classes';

/** The need itself, read before the page is drawn, so a shared link opens with its content. */
export const routeData: RouteData = (queryClient, { params }) => queryClient.prefetchQuery(publicFoodNeedQuery(params.needId ?? ''));

/**
 * /food-needs/:needId — one food need's public page (issue 18), the link people share on
 * WhatsApp: what is needed, for how many, by when and roughly where, with no name or contact.
 */
export function FoodNeedPage() {
  const { t } = useTranslation('foodNeeds');
  const format = useFormat();
  const origin = useSiteOrigin();
  const { needId = '' } = useParams();
  const query = useQuery(publicFoodNeedQuery(needId));
  const need = query.data;
  const food = need ? need.foodType || t('card.precooked') : '';
  usePageTitle(need ? t('page.title', { count: need.numberOfPeople, formatted: format.number(need.numberOfPeople), food }) : undefined);

  let body: ReactNode;
  if (query.isPending) {
    body = <Text role="status">{t('page.loading')}</Text>;
  } else if (query.isError || !need) {
    body =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400) ? (
        <Text role="alert">{t('page.notFound')}</Text>
      ) : (
        <Text role="alert" c="red.8">
          {t('page.loadFailed')}
        </Text>
      );
  } else {
    const until = format.dateTime(need.requestExpiryTime);
    const open = need.status === 'OPEN';
    // The receiver's own words, marked as theirs (not translated, not the app's).
    const words = { v: <span data-user-text /> };
    body = (
      <Card component="article" className={classes.card}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={1} size="h2" className={classes.title}>
              <Trans
                t={t}
                i18nKey="page.heading"
                count={need.numberOfPeople}
                values={{ formatted: format.number(need.numberOfPeople), food }}
                components={{ v: <span data-user-text /> }}
              />
            </Title>
            <Badge color={open ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
              {t(`page.status.${need.status}`)}
            </Badge>
          </Group>
          <DietMark diet={need.diet} />
          <Text>
            {need.district && need.state
              ? t('page.wherePlace', { pin: need.pinCode, district: need.district, state: need.state })
              : t('page.where', { pin: need.pinCode })}
          </Text>
          <Text fw={600}>{t('page.until', { until })}</Text>
          {need.alternativeFood ? (
            <Text style={{ overflowWrap: 'anywhere' }}>
              <Trans t={t} i18nKey="page.alternative" values={{ food: need.alternativeFood }} components={words} />
            </Text>
          ) : null}
          {need.foodDescription ? (
            <Text style={{ overflowWrap: 'anywhere' }}>
              <Trans t={t} i18nKey="page.description" values={{ text: need.foodDescription }} components={words} />
            </Text>
          ) : null}
          {open ? (
            <>
              <Text size="sm">{t('page.howToHelp')}</Text>
              <Group gap="sm">
                <Button component={Link} to={paths.donate}>
                  {t('page.donate')}
                </Button>
                <ShareOnWhatsApp
                  text={t('page.share', {
                    food,
                    people: format.number(need.numberOfPeople),
                    pin: need.pinCode,
                    until,
                    url: `${origin}${paths.foodNeed(need.id)}`,
                  })}
                />
              </Group>
            </>
          ) : (
            <Text>{t('page.closed')}</Text>
          )}
        </Stack>
      </Card>
    );
  }

  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="md">
        {body}
        <Anchor component={Link} to={paths.foodNeeds}>
          {t('page.seeAll')}
        </Anchor>
      </Stack>
    </Container>
  );
}
