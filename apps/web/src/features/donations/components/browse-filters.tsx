import { Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useRef, useState } from 'react';
import type { BrowseSort } from '@annadaan/contract/donations';

export interface BrowseFilterValues {
  foodName: string;
  location: string;
  foodType: '' | 'PRECOOKED' | 'RAW';
  sort: BrowseSort;
}

interface Props {
  values: BrowseFilterValues;
  onChange: (patch: Partial<BrowseFilterValues>) => void;
  /** True once "Near me" has a place: Nearest sorts by the distance each card shows. */
  canSortByDistance: boolean;
}

const typeOptions = [
  { value: '', label: 'All Types' },
  { value: 'PRECOOKED', label: 'Pre-cooked' },
  { value: 'RAW', label: 'Raw' },
];

/** Food name, location, type and sort. Text filters wait for a pause in typing before searching. */
export function BrowseFilters({ values, onChange, canSortByDistance }: Props) {
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
  const push = (patch: Partial<BrowseFilterValues>) => {
    pending.current = { ...pending.current, ...patch };
    debouncedFlush();
  };

  const sortOptions = [
    { value: 'ENDING_SOON', label: 'Ending Soon' },
    { value: 'NEWEST', label: 'Newest' },
    { value: 'OLDEST', label: 'Oldest' },
    ...(canSortByDistance ? [{ value: 'NEAREST', label: 'Nearest' }] : []),
  ];

  return (
    <Group align="flex-end" gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" style={{ flex: 1 }}>
        <TextInput
          label="Food name"
          placeholder="e.g. rice"
          value={foodName}
          onChange={(event) => {
            setFoodName(event.currentTarget.value);
            push({ foodName: event.currentTarget.value.trim() });
          }}
        />
        <TextInput
          label="Location"
          placeholder="Area or pin code"
          value={location}
          onChange={(event) => {
            setLocation(event.currentTarget.value);
            push({ location: event.currentTarget.value.trim() });
          }}
        />
        <Select
          label="Food type"
          data={typeOptions}
          value={values.foodType}
          allowDeselect={false}
          onChange={(value) => flush({ foodType: (value ?? '') as BrowseFilterValues['foodType'] })}
        />
        <Select
          label="Sort by"
          data={sortOptions}
          value={values.sort === 'NEAREST' && !canSortByDistance ? 'ENDING_SOON' : values.sort}
          allowDeselect={false}
          onChange={(value) => flush({ sort: (value ?? 'ENDING_SOON') as BrowseSort })}
        />
      </SimpleGrid>
    </Group>
  );
}
