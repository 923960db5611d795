import { ALLERGENS, type Allergen } from '@annadaan/contract/diets-and-allergens';
import { Group, MultiSelect, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FoodFilterChoice } from '../lib/food-filter';

interface Props {
  choice: FoodFilterChoice;
  onChange: (patch: Partial<FoodFilterChoice>) => void;
  /** Food needs state a diet but no allergens: their list offers "Veg only" alone. */
  withAllergens?: boolean;
}

/**
 * "Veg only" in one tap (vegetarian and vegan food) and the allergens to leave out (issue 16).
 * Food that does not state its diet or allergens is left out by the filter it cannot answer.
 */
export function FoodFilterControl({ choice, onChange, withAllergens = true }: Props) {
  const { t } = useTranslation('common');
  const allergenOptions = ALLERGENS.map((allergen) => ({ value: allergen, label: t(`enums.allergen.${allergen}`) }));
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Switch
        label={t('foodFilter.vegOnly')}
        description={t('foodFilter.vegOnlyDescription')}
        checked={choice.vegOnly}
        onChange={(event) => onChange({ vegOnly: event.currentTarget.checked })}
        color="green.9"
      />
      {withAllergens ? (
        <MultiSelect
          label={t('foodFilter.leaveOut')}
          placeholder={choice.excludeAllergens.length === 0 ? t('foodFilter.none') : undefined}
          data={allergenOptions}
          value={choice.excludeAllergens}
          onChange={(values) => onChange({ excludeAllergens: values as Allergen[] })}
          clearable
          style={{ flex: '1 1 16rem', maxWidth: '32rem' }}
        />
      ) : null}
    </Group>
  );
}
