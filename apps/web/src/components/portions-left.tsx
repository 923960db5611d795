import type { DonationPortions, PortionUnit } from '@annadaan/contract/portions';
import { Group, Text, type TextProps } from '@mantine/core';
import { IconBowl, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { useFormat } from '../lib/locale-format';

/*
 * Issue 33: what is left of a donation shared in portions, and a donation held for verified
 * organisations, as every screen that shows a donation says them (Browse's cards, the donation's
 * page, the map's card, the donor's list). The words are the donations catalog's `portions` block,
 * the one home of the units' names.
 */

/** "plates" for 60, "plate" for 1, in the shown language. */
export function usePortionUnit(): (unit: PortionUnit, count: number) => string {
  const { t } = useTranslation('donations');
  return (unit, count) => t(`portions.unit.${unit}`, { count });
}

/** "35 of 60 plates left" (or "None of 60 plates left"); nothing for one receiver's food. */
export function PortionsLeft({ portions, ...props }: { portions: Pick<DonationPortions, 'left' | 'total' | 'unit'> | null } & TextProps) {
  const { t } = useTranslation('donations');
  const format = useFormat();
  const unit = usePortionUnit();
  if (!portions) return null;
  const words =
    portions.left === 0
      ? t('portions.noneLeft', { total: format.number(portions.total), unit: unit(portions.unit, portions.total) })
      : t('portions.left', { left: format.number(portions.left), total: format.number(portions.total), unit: unit(portions.unit, portions.total) });
  return (
    <Group gap={4} wrap="nowrap" data-testid="portions-left">
      <IconBowl size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
      <Text size="sm" fw={700} {...props}>
        {words}
      </Text>
    </Group>
  );
}

/** "For verified organisations until 2:30 pm", while the donor's hold lasts; nothing after. */
export function HeldForOrganisations({ until, ...props }: { until: string | null } & TextProps) {
  const { t } = useTranslation('donations');
  const format = useFormat();
  if (!until) return null;
  return (
    <Group gap={4} wrap="nowrap" data-testid="held-for-organisations">
      <IconRosetteDiscountCheck size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
      <Text size="sm" {...props}>
        {t('portions.heldUntil', { time: format.time(until) })}
      </Text>
    </Group>
  );
}
