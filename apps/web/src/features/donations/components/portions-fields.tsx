import { PORTION_LIMITS, PORTION_UNITS } from '@annadaan/contract/portions';
import { Checkbox, Fieldset, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { usePortionUnit } from '../../../components/portions-left';
import { useTranslation } from '../../../i18n/react';

/** What Mantine form's getInputProps gives a field: its value, error and handlers. */
type InputProps = GetInputPropsReturnType;

interface Props {
  share: boolean;
  onShareChange: (share: boolean) => void;
  total: InputProps;
  unit: InputProps;
  maxPerRequest: InputProps;
  autoAccept: InputProps;
  hold: InputProps;
}

/**
 * The donate form's "Share in portions" (issue 33): a big surplus shared among several receivers,
 * each asking for a number of portions, and the hold for verified organisations. Left unticked,
 * the food goes to one receiver, as before.
 */
export function PortionsFields({ share, onShareChange, total, unit, maxPerRequest, autoAccept, hold }: Props) {
  const { t } = useTranslation('donations');
  const unitName = usePortionUnit();
  return (
    <Fieldset legend={t('portions.form.legend')} variant="unstyled" data-testid="portions-fields">
      <Stack gap="sm">
        <Checkbox
          label={t('portions.form.share')}
          description={t('portions.form.shareHint')}
          checked={share}
          onChange={(event) => onShareChange(event.currentTarget.checked)}
        />
        {share ? (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <NumberInput
                label={t('portions.form.total')}
                required
                min={PORTION_LIMITS.minTotal}
                max={PORTION_LIMITS.maxTotal}
                allowDecimal={false}
                allowNegative={false}
                inputMode="numeric"
                {...total}
              />
              <Select
                label={t('portions.form.unit')}
                required
                data={PORTION_UNITS.map((value) => ({ value, label: unitName(value, 2) }))}
                allowDeselect={false}
                {...unit}
              />
            </SimpleGrid>
            <NumberInput
              label={t('portions.form.maxPerRequest')}
              description={t('portions.form.maxPerRequestHint')}
              min={1}
              max={PORTION_LIMITS.maxTotal}
              allowDecimal={false}
              allowNegative={false}
              inputMode="numeric"
              {...maxPerRequest}
            />
            <Checkbox label={t('portions.form.autoAccept')} {...autoAccept} />
          </>
        ) : null}
        <NumberInput
          label={t('portions.form.hold')}
          description={t('portions.form.holdHint')}
          min={0}
          max={PORTION_LIMITS.maxHoldMinutes}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          {...hold}
        />
      </Stack>
    </Fieldset>
  );
}
