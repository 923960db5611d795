import { useTranslation } from '../../../i18n/react';

const PAYMENT_METHODS = ['CASH', 'UPI', 'CARD', 'NOT_APPLICABLE'] as const;
const FOOD_TYPES = ['PRECOOKED', 'RAW'] as const;

/** A payment method in the reader's language, from the shared enums; an unknown one as sent. */
export function usePaymentLabel() {
  const { t } = useTranslation('common');
  return (method: string) =>
    (PAYMENT_METHODS as readonly string[]).includes(method) ? t(`enums.paymentMethod.${method as (typeof PAYMENT_METHODS)[number]}`) : method;
}

/** A food type in the reader's language, from the shared enums; an unknown one as sent. */
export function useFoodTypeLabel() {
  const { t } = useTranslation('common');
  return (foodType: string) =>
    (FOOD_TYPES as readonly string[]).includes(foodType) ? t(`enums.foodType.${foodType as (typeof FOOD_TYPES)[number]}`) : foodType;
}
