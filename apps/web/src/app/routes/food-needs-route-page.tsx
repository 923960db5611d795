import { useTranslation } from '../../i18n/react';
import { OpenFoodNeedsPage } from '../../features/food-needs/components/open-food-needs-page';
import { ReportButton } from '../../features/moderation/components/report-button';

/** /food-needs: each open need can be reported (issue 16). */
export function FoodNeedsRoutePage() {
  // The cards' Report (moderation) with the screen's own words, before the screen first shows:
  // asked for when the cards arrived, they hid the whole screen behind the page loader.
  const { t } = useTranslation(['foodNeeds', 'moderation']);
  return (
    <OpenFoodNeedsPage
      cardActions={(need) => (
        <ReportButton targetType="FOOD_NEED" targetId={need.id} targetLabel={t('card.reportTarget', { name: need.requesterName })} size="xs" />
      )}
    />
  );
}
