import { LANGUAGES } from '@annadaan/contract/language';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/locale-format';

/** One decimal always ("1.0 km away", never "1 km away"), grouped the Indian way; made once per language. */
const oneDecimal = new Map<string, Intl.NumberFormat>();

function kilometres(language: string, km: number): string {
  let format = oneDecimal.get(language);
  if (!format) {
    const locale = LANGUAGES.find((entry) => entry.code === language)?.intlLocale ?? 'en-IN';
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    oneDecimal.set(language, format);
  }
  return format.format(km);
}

/**
 * How far an item is, as every card and map marker says it (issue 15), in the reader's language:
 * "2.3 km away" / "2.3 km दूर". The API's `distanceKm` is measured to the item's public point (a
 * ~500 m cell's centre) and rounded to one decimal, so anything under 0.1 km reads "under 0.1
 * km", never a false "0.0 km".
 */
export function useDistanceAway(): (km: number) => string {
  const { t } = useTranslation('map');
  const { language } = useFormat();
  return (km) => (!Number.isFinite(km) || km < 0.05 ? t('distanceUnder') : t('distanceAway', { km: kilometres(language, km) }));
}
