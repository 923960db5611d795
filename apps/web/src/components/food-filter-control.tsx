import { ALLERGENS, type Allergen, allergenLabels } from '@annadaan/contract/food-facts';
import { Group, MultiSelect, Switch } from '@mantine/core';
import type { FoodFilterChoice } from '../lib/food-filter';

interface Props {
  choice: FoodFilterChoice;
  onChange: (patch: Partial<FoodFilterChoice>) => void;
  /** Food needs state a diet but no allergens: their list offers "Veg only" alone. */
  withAllergens?: boolean;
}

export const ALLERGEN_OPTIONS = ALLERGENS.map((allergen) => ({ value: allergen, label: allergenLabels[allergen] }));

/**
 * "Veg only" in one tap (vegetarian and vegan food) and the allergens to leave out (issue 16).
 * Food that does not state its diet or allergens is left out by the filter it cannot answer.
 */
export function FoodFilterControl({ choice, onChange, withAllergens = true }: Props) {
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Switch
        label="Veg only"
        description="Vegetarian and vegan food"
        checked={choice.vegOnly}
        onChange={(event) => onChange({ vegOnly: event.currentTarget.checked })}
        color="green.9"
      />
      {withAllergens ? (
        <MultiSelect
          label="Leave out allergens"
          placeholder={choice.excludeAllergens.length === 0 ? 'None' : undefined}
          data={ALLERGEN_OPTIONS}
          value={choice.excludeAllergens}
          onChange={(values) => onChange({ excludeAllergens: values as Allergen[] })}
          clearable
          style={{ flex: '1 1 16rem', maxWidth: '32rem' }}
        />
      ) : null}
    </Group>
  );
}
