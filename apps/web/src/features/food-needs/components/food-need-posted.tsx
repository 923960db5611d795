import type { MyFoodRequest } from '@annadaan/contract/food-requests';
import { Button, Card, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { DietMark } from '../../../components/diet-mark';
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The form was replaced: focus follows, so keyboard and screen-reader users hear the result.
    heading.current?.focus();
  }, []);
  const food = need.foodType || t('card.precooked');
  const until = format.dateTime(need.requestExpiryTime);
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap" align="center">
        <IconCircleCheck size={36} color="var(--mantine-color-green-8)" aria-hidden="true" style={{ flexShrink: 0 }} />
        <Stack gap={0}>
          <Title order={1} ref={heading} tabIndex={-1}>
            {t('posted.title')}
          </Title>
          <Text role="status" fw={600} c="green.9">
            {t('request.submitted')}
          </Text>
        </Stack>
      </Group>
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
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="xs">
          {t('posted.nextTitle')}
        </Title>
        <List type="ordered" spacing="xs">
          <List.Item>{t('posted.nextDonors')}</List.Item>
          <List.Item>{t('posted.nextFood')}</List.Item>
          <List.Item>{t('posted.nextUntil', { until })}</List.Item>
        </List>
      </Paper>
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
