import { ALLERGENS, type Allergen } from '@annadaan/contract/diets-and-allergens';
import { Checkbox, SimpleGrid } from '@mantine/core';
import { useTranslation } from '../i18n/react';

interface Props {
  id: string;
  chosen: Allergen[];
  onChange: (excludeAllergens: Allergen[]) => void;
}

/**
 * FSSAI's nine allergens as checkboxes, the panel FoodFilterControl opens. Its own chunk: the list's
 * first screen draws only the button that opens it (issue 18, decision 043).
 */
export default function AllergenChecklist({ id, chosen, onChange }: Props) {
  const { t } = useTranslation('common');
  return (
    <Checkbox.Group id={id} label={t('foodFilter.leaveOut')} value={chosen} onChange={(values) => onChange(values as Allergen[])} pt="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" pt={4}>
        {ALLERGENS.map((allergen) => (
          <Checkbox key={allergen} value={allergen} label={t(`enums.allergen.${allergen}`)} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
