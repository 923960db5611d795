import { Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLocation, useNavigation } from 'react-router';
import type { BrowseSort } from '@annadaan/contract/donations';
import type { BrowseFilterValues } from '../browse-params';

interface Props {
  values: BrowseFilterValues;
  onChange: (patch: Partial<BrowseFilterValues>) => void;
  /** True once "Near me" has a place: Nearest sorts by the distance each card shows. */
  canSortByDistance: boolean;
  /** Beside the search box in the bar: the button that opens the other filters. */
  barEnd: ReactNode;
  /** The other filters' panel, when open: its id (the button's aria-controls), and what it holds before and after the fields here. */
  panel: { open: boolean; id: string; before: ReactNode; after: ReactNode };
}

/**
 * Food name, location, type and sort. Text filters wait for a pause in typing before searching.
 * Type and sort are the browser's own selects: a phone opens its native picker, and the list's
 * first screen does not load and hydrate Mantine's combobox and popover (issue 18, decision 042).
 *
 * One compact bar (issue 29): the food name's search box, and one button (`barEnd`) for the rest,
 * which open in a panel under the bar, so on a phone the cards come first. One component still
 * holds both text boxes, so words typed in each within one pause are written together.
 */
export function BrowseFilters({ values, onChange, canSortByDistance, barEnd, panel }: Props) {
  const { t } = useTranslation(['donations', 'common']);
  // Local text so typing stays instant; the URL (and the query) follow after 400 ms of quiet.
  const [foodName, setFoodName] = useState(values.foodName);
  const [location, setLocation] = useState(values.location);
  // Typing in both boxes within the pause must keep both words, so pending text edits are merged
  // and flushed together, also when a select changes meanwhile.
  const pending = useRef<Partial<BrowseFilterValues>>({});
  const flush = (patch: Partial<BrowseFilterValues> = {}) => {
    const merged = { ...pending.current, ...patch };
    pending.current = {};
    if (Object.keys(merged).length > 0) onChange(merged);
  };
  const debouncedFlush = useDebouncedCallback(() => flush(), 400);
  // Words typed just before a card is tapped must not pull the visitor back: once the app is on
  // its way to another page (its code and data loading), a pending write of the filters is
  // dropped. It was a navigation of its own that replaced the one to the card.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = navigation.state !== 'idle' && navigation.location.pathname !== pathname;
  useLayoutEffect(() => {
    if (!leaving) return;
    debouncedFlush.cancel();
    pending.current = {};
  }, [leaving, debouncedFlush]);
  const push = (patch: Partial<BrowseFilterValues>) => {
    pending.current = { ...pending.current, ...patch };
    debouncedFlush();
  };

  const typeOptions = [
    { value: '', label: t('filters.allTypes') },
    { value: 'PRECOOKED', label: t('common:enums.foodType.PRECOOKED') },
    { value: 'RAW', label: t('common:enums.foodType.RAW') },
  ];
  const sortOptions = [
    { value: 'ENDING_SOON', label: t('filters.sort.ENDING_SOON') },
    { value: 'NEWEST', label: t('filters.sort.NEWEST') },
    { value: 'OLDEST', label: t('filters.sort.OLDEST') },
    ...(canSortByDistance ? [{ value: 'NEAREST', label: t('filters.sort.NEAREST') }] : []),
  ];

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap" align="flex-end">
        {/* Named for screen readers and tests; the placeholder says what to type. */}
        <TextInput
          aria-label={t('filters.foodName')}
          placeholder={t('filters.searchPlaceholder')}
          leftSection={<IconSearch size={18} aria-hidden="true" />}
          type="search"
          style={{ flex: 1, minWidth: 0 }}
          value={foodName}
          onChange={(event) => {
            setFoodName(event.currentTarget.value);
            push({ foodName: event.currentTarget.value.trim() });
          }}
        />
        {barEnd}
      </Group>
      {panel.open ? (
        <Stack id={panel.id} gap="sm" p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          {panel.before}
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput
              label={t('filters.location')}
              placeholder={t('filters.locationPlaceholder')}
              value={location}
              onChange={(event) => {
                setLocation(event.currentTarget.value);
                push({ location: event.currentTarget.value.trim() });
              }}
            />
            <NativeSelect
              label={t('filters.foodType')}
              data={typeOptions}
              value={values.foodType}
              onChange={(event) => flush({ foodType: event.currentTarget.value as BrowseFilterValues['foodType'] })}
            />
            <NativeSelect
              label={t('filters.sortBy')}
              data={sortOptions}
              value={values.sort === 'NEAREST' && !canSortByDistance ? 'ENDING_SOON' : values.sort}
              onChange={(event) => flush({ sort: event.currentTarget.value as BrowseSort })}
            />
          </SimpleGrid>
          {panel.after}
        </Stack>
      ) : null}
    </Stack>
  );
}
