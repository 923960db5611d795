import { Text } from '@mantine/core';
import { usePublicImpact } from '../api/impact-api';

const count = new Intl.NumberFormat('en-IN');

/** The live meals-donated figure; nothing at all while it is loading or unavailable. */
export function MealsDonatedLine() {
  const impact = usePublicImpact();
  if (!impact.isSuccess) return null;
  return <Text size="sm">Total meals donated: {count.format(impact.data.mealsDonated)}</Text>;
}
