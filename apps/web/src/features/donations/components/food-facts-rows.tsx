import type { Donation } from '@annadaan/contract/donations';
import { allergenLabels, safetyCheckLabels } from '@annadaan/contract/food-facts';
import { List, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DietMark } from '../../../components/diet-mark';
import { formatCookedAgo, formatDateTime } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';

const NOT_STATED = 'Not stated';

function CookedAgo({ preparedAt }: { preparedAt: string }) {
  const now = useNow();
  return (
    <span>
      {formatCookedAgo(preparedAt, now)} <Text component="span" size="xs" c="dimmed">({formatDateTime(preparedAt)})</Text>
    </span>
  );
}

/**
 * The detail page's rows about the food itself (issue 16): diet with its mark, Jain-friendly,
 * allergens, and for cooked food when it was cooked and the donor's safety checklist. A donation
 * from the earlier client says "Not stated" for each.
 */
export function foodFactsRows(donation: Donation): Array<[string, ReactNode]> {
  const cooked = donation.foodType === 'PRECOOKED';
  const rows: Array<[string, ReactNode]> = [
    ['Diet', <DietMark key="diet" diet={donation.diet} />],
    ['Jain-friendly', donation.jain === null ? NOT_STATED : donation.jain ? 'Yes: no onion, garlic or root vegetables' : 'No'],
    [
      'Allergens',
      donation.allergens === null ? NOT_STATED : donation.allergens.length === 0 ? 'None known' : donation.allergens.map((allergen) => allergenLabels[allergen]).join(', '),
    ],
  ];
  if (cooked) {
    rows.push(['Cooked', donation.preparedAt ? <CookedAgo key="cooked" preparedAt={donation.preparedAt} /> : NOT_STATED]);
    rows.push([
      'Safety checklist',
      donation.safetyChecklist === null ? (
        NOT_STATED
      ) : (
        <List key="safety" spacing={2} size="sm" icon={<IconCheck size={16} color="var(--mantine-color-green-9)" aria-hidden="true" />} aria-label="The donor confirmed">
          {donation.safetyChecklist.map((check) => (
            <List.Item key={check}>{safetyCheckLabels[check]}</List.Item>
          ))}
        </List>
      ),
    ]);
  }
  return rows;
}
