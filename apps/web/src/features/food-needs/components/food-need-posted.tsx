import type { MyFoodRequest } from '@annadaan/contract/food-requests';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { DietMark } from '../../../components/diet-mark';
import { NextSteps, ResultHeading } from '../../../components/result-screen';
import { ShareOnWhatsApp } from '../../../components/share-on-whatsapp';
import { Trans, useTranslation } from '../../../i18n/react';
import { useFormat } from '../../../lib/locale-format';
import { useSiteOrigin } from '../../../lib/site-origin';

/**
 * Where a person lands after posting a food need (issue 29): the spec's success words, the need
 * as donors see it (what, for how many, the pin code, until when), what happens next, and a way
 * to share its public page.
 */
export function FoodNeedPosted({ need, onPostAnother }: { need: MyFoodRequest; onPostAnother: () => void }) {
  const { t } = useTranslation('foodNeeds');
  const format = useFormat();
  const origin = useSiteOrigin();
  const food = need.foodType || t('card.precooked');
  const until = format.dateTime(need.requestExpiryTime);
  return (
    <Stack gap="lg">
      <ResultHeading title={t('posted.title')} status={t('request.submitted')} />
      <Stack gap="xs">
        <Text fw={600}>{t('posted.asOthersSee')}</Text>
        <Card component="article" withBorder radius="md" padding="md" data-testid="posted-need">
          <Stack gap={6}>
            <Title order={2} size="h4">
              <Trans
                t={t}
                i18nKey="card.heading"
                count={need.numberOfPeople}
                values={{ formatted: format.number(need.numberOfPeople), food }}
                components={{ v: <span data-user-text /> }}
              />
            </Title>
            <DietMark diet={need.diet} />
            <Text size="sm">{t('page.where', { pin: need.pinCode })}</Text>
            <Text size="sm" fw={600}>
              {t('page.until', { until })}
            </Text>
          </Stack>
        </Card>
      </Stack>
      <NextSteps title={t('posted.nextTitle')} steps={[t('posted.nextDonors'), t('posted.nextFood'), t('posted.nextUntil', { until })]} />
      <Stack gap="xs">
        <Text fw={600}>{t('posted.shareTitle')}</Text>
        <Group>
          <ShareOnWhatsApp
            text={t('page.share', { food, people: format.number(need.numberOfPeople), pin: need.pinCode, until, url: `${origin}${paths.foodNeed(need.id)}` })}
          />
        </Group>
      </Stack>
      <Group gap="sm">
        <Button component={Link} to={paths.foodNeed(need.id)}>
          {t('posted.open')}
        </Button>
        <Button component={Link} to={paths.browse} variant="default">
          {t('posted.findFood')}
        </Button>
        <Button variant="subtle" onClick={onPostAnother}>
          {t('posted.another')}
        </Button>
      </Group>
    </Stack>
  );
}
