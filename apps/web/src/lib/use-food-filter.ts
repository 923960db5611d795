import { type FoodFilterChoice, foodFilterQuery, readFoodFilter, writeFoodFilter } from './food-filter';
import { useSearchParamsNow } from './use-search-params-now';

/** The food filters of a list or map, read from and written to the URL (lib/food-filter). */
export function useFoodFilter() {
  const [searchParams, changeSearchParams] = useSearchParamsNow();
  const choice = readFoodFilter(searchParams);
  const choose = (patch: Partial<FoodFilterChoice>) => changeSearchParams((now) => writeFoodFilter(now, patch), { replace: false });
  return { choice, query: foodFilterQuery(choice), choose };
}
export type FoodFilter = ReturnType<typeof useFoodFilter>;
