import { NumberInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';

/**
 * Issue 33: "Portions collected" at a handover of food in portions, all accepted at first; fewer
 * go back to share. `value()` is the count to send (undefined for one receiver's food), or null
 * with the field's problem shown.
 */
export function usePortionsCollected(accepted: number | null) {
  const { t } = useTranslation('requests');
  const [count, setCount] = useState<number | string>(accepted ?? 1);
  const [error, setError] = useState<string | null>(null);
  return {
    setError,
    value(): number | undefined | null {
      if (accepted === null) return undefined;
      const collected = Number(count);
      if (!Number.isInteger(collected) || collected < 1 || collected > accepted) {
        setError(t('portions.howManyInvalid', { max: accepted }));
        return null;
      }
      setError(null);
      return collected;
    },
    field:
      accepted === null ? null : (
        <NumberInput
          label={t('portions.collectedLabel')}
          description={t('portions.collectedHint', { accepted })}
          min={1}
          max={accepted}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          inputMode="numeric"
          value={count}
          onChange={setCount}
          error={error}
          w={200}
        />
      ),
  };
}
