import { ALERTS_PER_PERSON, type Alert } from '@annadaan/contract/alerts';
import { isVegOnly } from '@annadaan/contract/diets-and-allergens';
import { Alert as Callout, Anchor, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useFormat } from '../../../lib/locale-format';
import { notifySuccess } from '../../../lib/notify';
import { useSessionRole } from '../../../lib/use-session';
import { useAlerts } from '../../../lib/saved-alerts';
import { useDeleteAlert } from '../api/alerts-api';
import { AlertForm } from './alert-form';

type AlertsT = TFunction<['alerts', 'common']>;

/** What an alert is called: its name, or its place when it has none (as lib/saved-alerts says it in English). */
function alertName(alert: Alert, t: AlertsT): string {
  return alert.label || t('item.unnamed', { lat: alert.lat.toFixed(3), lng: alert.lng.toFixed(3) });
}

/** "Veg only, without Milk and Peanuts" (issue 16); empty when the alert takes any food. */
function foodFilterText(alert: Alert, t: AlertsT): string {
  const parts: string[] = [];
  if (isVegOnly(alert.diet)) parts.push(t('item.vegOnly'));
  else if (alert.diet.length > 0) parts.push(alert.diet.map((diet) => t(`common:enums.diet.${diet}`)).join(t('item.dietSeparator')));
  if (alert.excludeAllergens.length > 0) {
    parts.push(t('item.without', { allergens: alert.excludeAllergens.map((allergen) => t(`common:enums.allergen.${allergen}`)).join(', ') }));
  }
  return parts.join(', ');
}

function AlertItem({ alert, onDelete, deleting }: { alert: Alert; onDelete: () => void; deleting: boolean }) {
  const { t } = useTranslation(['alerts', 'common']);
  const format = useFormat();
  const name = alertName(alert, t);
  const filters = foodFilterText(alert, t);
  const food = alert.foodType === 'PRECOOKED' ? t('item.precooked') : alert.foodType === 'RAW' ? t('item.raw') : t('item.anyFood');
  return (
    <Paper component="li" withBorder p="md" radius="md" data-testid="food-alert">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} component="h2" size="md" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="sm">{t('item.within', { food, radius: format.number(alert.radiusKm) })}</Text>
          {filters ? <Text size="sm">{filters}</Text> : null}
        </Stack>
        <Button variant="default" color="red" size="xs" onClick={onDelete} disabled={deleting} aria-label={t('item.deleteLabel', { name })}>
          {t('item.delete')}
        </Button>
      </Group>
    </Paper>
  );
}

/** Food alerts: the receiver's saved places, each deletable, and a form to add one while fewer than 5. */
export function FoodAlertsPage() {
  const { t } = useTranslation(['alerts', 'common']);
  const format = useFormat();
  const role = useSessionRole();
  const alerts = useAlerts();
  const remove = useDeleteAlert();
  const items = alerts.data ?? [];
  const max = format.number(ALERTS_PER_PERSON);

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('page.title')}</Title>
        <Text>{t('page.intro', { max })}</Text>
        {role !== 'RECEIVER' ? (
          <Callout color="blue">{t('page.receiversOnly')}</Callout>
        ) : alerts.isPending ? (
          <Loader aria-label={t('page.loading')} />
        ) : alerts.isError ? (
          <Callout color="red">{t('page.failed')}</Callout>
        ) : (
          <>
            {items.length === 0 ? (
              <Text>
                <Trans t={t} i18nKey="page.empty" components={[<Anchor component={Link} to={paths.browse} />]} />
              </Text>
            ) : (
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('page.listLabel')}>
                {items.map((alert) => (
                  <AlertItem
                    key={alert.id}
                    alert={alert}
                    deleting={remove.isPending}
                    onDelete={() => remove.mutate(alert.id, { onSuccess: () => notifySuccess(t('page.deleted', { name: alertName(alert, t) })) })}
                  />
                ))}
              </Stack>
            )}
            {items.length < ALERTS_PER_PERSON ? <AlertForm /> : <Text>{t('page.full', { max })}</Text>}
          </>
        )}
      </Stack>
    </Container>
  );
}
