import { useSearchParams } from 'react-router';
import { type FoodFilterChoice, foodFilterQuery, readFoodFilter, writeFoodFilter } from './food-filter';

/** The food filters of a list or map, read from and written to the URL (lib/food-filter). */
export function useFoodFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const choice = readFoodFilter(searchParams);
  // From the address bar as it is now, like useNearMe: two quick changes must both stay.
  const choose = (patch: Partial<FoodFilterChoice>) =>
    setSearchParams(() => writeFoodFilter(new URLSearchParams(window.location.search), patch), { replace: false });
  return { choice, query: foodFilterQuery(choice), choose };
}
export type FoodFilter = ReturnType<typeof useFoodFilter>;
