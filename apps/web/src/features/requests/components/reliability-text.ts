import { useTranslation } from '../../../i18n/react';

/*
 * A person's record in words, in the reader's language (decision 029): "Picked up 12 of 13
 * accepted" for a receiver, "Handed over 8 of 9 accepted" for a donor. The catalog words are the
 * `requests` namespace's `record.*`; the profile shows the same record through these hooks.
 */

/** A receiver's record: "Picked up 12 of 13 accepted". */
export function usePickupsRecord() {
  const { t } = useTranslation('requests');
  return (figure: { pickedUp: number; accepted: number }) =>
    figure.accepted === 0 ? t('record.none') : t('record.pickups', { pickedUp: figure.pickedUp, accepted: figure.accepted });
}

/** A donor's record: "Handed over 8 of 9 accepted". */
export function useHandoversRecord() {
  const { t } = useTranslation('requests');
  return (figure: { handedOver: number; accepted: number }) =>
    figure.accepted === 0 ? t('record.none') : t('record.handovers', { handedOver: figure.handedOver, accepted: figure.accepted });
}
