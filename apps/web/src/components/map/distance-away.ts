import { useTranslation } from '../../i18n/react';
import { useFormat } from '../../lib/locale-format';

/**
 * How far an item is, as every card and map marker says it (issue 15), in the reader's language:
 * "2.3 km away" / "2.3 km दूर". The API's `distanceKm` is measured to the item's public point (a
 * ~500 m cell's centre) and rounded to one decimal, so anything under 0.1 km reads "under 0.1
 * km", never a false "0.0 km".
 */
export function useDistanceAway(): (km: number) => string {
  const { t } = useTranslation('map');
  const format = useFormat();
  return (km) => (!Number.isFinite(km) || km < 0.05 ? t('distanceUnder') : t('distanceAway', { km: format.oneDecimal(km) }));
}
