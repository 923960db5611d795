import type { Donation } from '@annadaan/contract/donations';
import { List, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { DietMark } from '../../../components/diet-mark';
import { useFormat } from '../../../lib/locale-format';
import { useNow } from '../../../lib/use-now';

/**
 * "Cooked 2 h ago", "Cooked 25 min ago", "Cooked just now" (issue 16), in the reader's language;
 * never ahead, by the API's rules.
 */
function cookedAgo(t: TFunction<'donations'>, preparedAt: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - new Date(preparedAt).getTime()) / 60_000));
  if (minutes < 1) return t('facts.cookedJustNow');
  if (minutes < 60) return t('facts.cookedMinutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? t('facts.cookedHours', { count: hours }) : t('facts.cookedDays', { count: Math.floor(hours / 24) });
}

function CookedAgo({ preparedAt }: { preparedAt: string }) {
  const { t } = useTranslation('donations');
  const format = useFormat();
  const now = useNow();
  return (
    <span>
      {cookedAgo(t, preparedAt, now)}{' '}
      <Text component="span" size="xs" c="dimmed">
        ({format.dateTime(preparedAt)})
      </Text>
    </span>
  );
}

/**
 * The detail page's rows about the food itself (issue 16): diet with its mark, Jain-friendly,
 * allergens, and for cooked food when it was cooked and the donor's safety checklist. A donation
 * from the earlier client says "Not stated" for each.
 */
export function foodFactsRows(donation: Donation, t: TFunction<['donations', 'common']>): Array<[string, ReactNode]> {
  const notStated = t('facts.notStated');
  const cooked = donation.foodType === 'PRECOOKED';
  const rows: Array<[string, ReactNode]> = [
    [t('facts.diet'), <DietMark key="diet" diet={donation.diet} />],
    [t('facts.jain'), donation.jain === null ? notStated : donation.jain ? t('facts.jainYes') : t('no')],
    [
      t('facts.allergens'),
      donation.allergens === null
        ? notStated
        : donation.allergens.length === 0
          ? t('facts.noneKnown')
          : donation.allergens.map((allergen) => t(`common:enums.allergen.${allergen}`)).join(', '),
    ],
  ];
  if (cooked) {
    rows.push([t('facts.cooked'), donation.preparedAt ? <CookedAgo key="cooked" preparedAt={donation.preparedAt} /> : notStated]);
    rows.push([
      t('facts.safetyChecklist'),
      donation.safetyChecklist === null ? (
        notStated
      ) : (
        <List
          key="safety"
          spacing={2}
          size="sm"
          icon={<IconCheck size={16} color="var(--mantine-color-green-9)" aria-hidden="true" />}
          aria-label={t('facts.donorConfirmed')}
        >
          {donation.safetyChecklist.map((check) => (
            <List.Item key={check}>{t(`common:enums.safetyCheck.${check}`)}</List.Item>
          ))}
        </List>
      ),
    ]);
  }
  return rows;
}
