import { Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useFormat } from '../../../lib/locale-format';
import { usePublicImpact } from '../api/impact-api';

/**
 * The footer's live figure. The spec's "total meals donated 13342+" was a hard-coded number; this
 * counts what the platform records, food handovers completed with a pickup code, and says so.
 * Nothing at all while it is loading or unavailable.
 */
export function MealsDonatedLine() {
  const { t } = useTranslation();
  const format = useFormat();
  const impact = usePublicImpact();
  if (!impact.isSuccess) return null;
  return <Text size="sm">{t('footer.handovers', { count: impact.data.completedHandovers, formatted: format.number(impact.data.completedHandovers) })}</Text>;
}
