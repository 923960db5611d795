import type { PasswordStrength } from '@annadaan/contract/password-strength';
import { Stack, Text } from '@mantine/core';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useTranslation } from '../i18n/react';

type Estimate = (password: string, personal: readonly string[]) => PasswordStrength;

/** The estimator and its ~1.5 MB of dictionaries, fetched once, on the first screen that needs it. */
let loading: Promise<Estimate> | undefined;
function loadEstimator(): Promise<Estimate> {
  loading ??= import('@annadaan/contract/password-strength').then((module) => module.passwordStrength);
  return loading;
}

const LEVELS = ['strength.levels.veryWeak', 'strength.levels.weak', 'strength.levels.fair', 'strength.levels.strong', 'strength.levels.veryStrong'] as const;

const COLORS = [
  'var(--mantine-color-red-8)',
  'var(--mantine-color-red-8)',
  'var(--mantine-color-orange-9)',
  'var(--mantine-color-green-9)',
  'var(--mantine-color-green-9)',
];

/**
 * How hard a new password is to guess, by the same estimator the server refuses weak passwords
 * with (contract `passwordStrength`): a labelled meter (0-4) with its label and, below the bar,
 * why it is weak. `personal` are the person's own details, which count against the password.
 */
export function PasswordStrengthMeter({ password, personal = [] }: { password: string; personal?: readonly string[] }) {
  const { t } = useTranslation('auth');
  const id = useId();
  const deferred = useDeferredValue(password);
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const personalKey = personal.join('\u0000');

  useEffect(() => {
    let active = true;
    void loadEstimator().then((loaded) => {
      if (active) setEstimate(() => loaded);
    });
    return () => {
      active = false;
    };
  }, []);

  if (deferred === '') return null;
  const strength = estimate ? estimate(deferred, personalKey === '' ? [] : personalKey.split('\u0000')) : null;
  const labelId = `${id}-label`;
  return (
    <Stack gap={4} data-testid="password-strength">
      <Text size="sm" id={labelId} aria-live="polite">
        {t('strength.label')} <strong>{strength ? t(LEVELS[strength.score] ?? 'strength.levels.veryWeak') : t('strength.checking')}</strong>
      </Text>
      <meter
        aria-labelledby={labelId}
        min={0}
        max={4}
        low={2}
        high={3}
        optimum={4}
        value={strength ? strength.score : 0}
        style={{ width: '100%', height: 8, accentColor: strength ? COLORS[strength.score] : undefined }}
      />
      {strength && strength.reasons.length > 0 ? (
        <Text size="sm" c="red.8">
          {strength.reasons.map((reason) => t(`strength.feedback.${reason}` as never)).join(' ')}
        </Text>
      ) : null}
    </Stack>
  );
}
