import { ALLERGENS } from '@annadaan/contract/diets-and-allergens';
import { Button, Group, Switch } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { Suspense, lazy, useId, useState } from 'react';
import { useTranslation } from '../i18n/react';
import type { FoodFilterChoice } from '../lib/food-filter';

const AllergenChecklist = lazy(() => import('./allergen-checklist'));

interface Props {
  choice: FoodFilterChoice;
  onChange: (patch: Partial<FoodFilterChoice>) => void;
  /** Food needs state a diet but no allergens: their list offers "Veg only" alone. */
  withAllergens?: boolean;
  /** Browse keeps "Veg only" in its bar (issue 29), so its filters panel holds the allergens alone. */
  withVeg?: boolean;
}

/**
 * "Veg only" in one tap (vegetarian and vegan food) and the allergens to leave out (issue 16).
 * Food that does not state its diet or allergens is left out by the filter it cannot answer.
 *
 * The allergens are plain checkboxes behind a button that names what is left out, not a searchable
 * multi-select: nine known names (FSSAI's list) need no search, a tick is one tap on a phone, and the list's
 * first screen does not load and hydrate a combobox with its popover (issue 18, decision 042). The
 * checkboxes load when the panel first opens (decision 043).
 */
export function FoodFilterControl({ choice, onChange, withAllergens = true, withVeg = true }: Props) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const chosen = ALLERGENS.filter((allergen) => choice.excludeAllergens.includes(allergen));
  const summary = chosen.length === 0 ? t('foodFilter.none') : chosen.map((allergen) => t(`enums.allergen.${allergen}`)).join(', ');
  return (
    <div>
      <Group align="flex-end" gap="md" wrap="wrap">
        {withVeg ? (
          <Switch
            label={t('foodFilter.vegOnly')}
            description={t('foodFilter.vegOnlyDescription')}
            checked={choice.vegOnly}
            onChange={(event) => onChange({ vegOnly: event.currentTarget.checked })}
            color="green.9"
          />
        ) : null}
        {withAllergens ? (
          <Button
            variant="default"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((was) => !was)}
            rightSection={open ? <IconChevronUp size={16} aria-hidden="true" /> : <IconChevronDown size={16} aria-hidden="true" />}
            styles={{ root: { height: 'auto', minHeight: 'var(--button-height)', maxWidth: '100%' }, label: { whiteSpace: 'normal', textAlign: 'start' } }}
          >
            {t('foodFilter.leaveOut')}: {summary}
          </Button>
        ) : null}
      </Group>
      {withAllergens && open ? (
        <Suspense fallback={null}>
          <AllergenChecklist id={panelId} chosen={chosen} onChange={(excludeAllergens) => onChange({ excludeAllergens })} />
        </Suspense>
      ) : null}
    </div>
  );
}
