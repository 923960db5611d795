import { ALERTS_PER_PERSON, type Alert } from '@annadaan/contract/alerts';
import { allergenLabels, dietLabels, isVegOnly } from '@annadaan/contract/food-facts';
import { Alert as Callout, Anchor, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { notifySuccess } from '../../../lib/notify';
import { useSessionRole } from '../../../lib/use-session';
import { alertName, useAlerts } from '../../../lib/saved-alerts';
import { useDeleteAlert } from '../api/alerts-api';
import { AlertForm } from './alert-form';

const foodTypeText = { PRECOOKED: 'Pre-cooked food', RAW: 'Raw food' } as const;

/** "Veg only, without Milk and Peanuts" (issue 16); empty when the alert takes any food. */
function foodFilterText(alert: Alert): string {
  const parts: string[] = [];
  if (isVegOnly(alert.diet)) parts.push('Veg only');
  else if (alert.diet.length > 0) parts.push(alert.diet.map((diet) => dietLabels[diet]).join(' or '));
  if (alert.excludeAllergens.length > 0) parts.push(`without ${alert.excludeAllergens.map((allergen) => allergenLabels[allergen]).join(', ')}`);
  return parts.join(', ');
}

function AlertItem({ alert, onDelete, deleting }: { alert: Alert; onDelete: () => void; deleting: boolean }) {
  const name = alertName(alert);
  return (
    <Paper component="li" withBorder p="md" radius="md" data-testid="food-alert">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} component="h2" size="md" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="sm">
            {alert.foodType ? foodTypeText[alert.foodType] : 'Any food'} within {alert.radiusKm} km
          </Text>
          {foodFilterText(alert) ? <Text size="sm">{foodFilterText(alert)}</Text> : null}
        </Stack>
        <Button variant="default" color="red" size="xs" onClick={onDelete} disabled={deleting} aria-label={`Delete alert ${name}`}>
          Delete
        </Button>
      </Group>
    </Paper>
  );
}

/** Food alerts: the receiver's saved places, each deletable, and a form to add one while fewer than 5. */
export function FoodAlertsPage() {
  const role = useSessionRole();
  const alerts = useAlerts();
  const remove = useDeleteAlert();
  const items = alerts.data ?? [];

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Food alerts</Title>
        <Text>
          Hear about food as soon as it is listed near a place you choose, at most once every 10 minutes per alert. You can keep up to{' '}
          {ALERTS_PER_PERSON}.
        </Text>
        {role !== 'RECEIVER' ? (
          <Callout color="blue">Food alerts are for receivers: they tell people who collect food about new donations nearby.</Callout>
        ) : alerts.isPending ? (
          <Loader aria-label="Loading your food alerts" />
        ) : alerts.isError ? (
          <Callout color="red">Could not load your food alerts. Please try again.</Callout>
        ) : (
          <>
            {items.length === 0 ? (
              <Text>
                No food alerts yet. Add one below, or from{' '}
                <Anchor component={Link} to={paths.browse}>
                  Browse Donations
                </Anchor>
                .
              </Text>
            ) : (
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your food alerts">
                {items.map((alert) => (
                  <AlertItem
                    key={alert.id}
                    alert={alert}
                    deleting={remove.isPending}
                    onDelete={() => remove.mutate(alert.id, { onSuccess: () => notifySuccess(`Deleted the alert ${alertName(alert)}.`) })}
                  />
                ))}
              </Stack>
            )}
            {items.length < ALERTS_PER_PERSON ? (
              <AlertForm />
            ) : (
              <Text>You have {ALERTS_PER_PERSON} alerts, the most you can keep. Delete one to add another.</Text>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
