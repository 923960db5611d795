import { NativeSelect, Paper, SimpleGrid } from '@mantine/core';
import { StatisticsDataType, StatisticsRegion } from '@annadaan/contract/statistics-figures';
import { useTranslation } from '../../../i18n/react';
import { YEARS, endYearOptions, withStartYear, type StatisticsFilter } from '../statistics-filter';

const regionOptions = [
  { value: StatisticsRegion.INDIA, label: 'region.India' },
  { value: StatisticsRegion.GLOBAL, label: 'region.Global' },
] as const;

const dataTypeOptions = [
  { value: StatisticsDataType.BOTH, label: 'filters.both' },
  { value: StatisticsDataType.HUNGER, label: 'filters.hunger' },
  { value: StatisticsDataType.FOOD_WASTE, label: 'filters.foodWaste' },
] as const;

function isRegion(value: string): value is StatisticsRegion {
  return regionOptions.some((option) => option.value === value);
}

function isDataType(value: string): value is StatisticsDataType {
  return dataTypeOptions.some((option) => option.value === value);
}

interface FilterPanelProps {
  filter: StatisticsFilter;
  onChange: (filter: StatisticsFilter) => void;
}

/*
 * Native selects: on phones they open the system picker, they work with any keyboard, and with
 * only 2-11 options a searchable combobox adds weight without helping.
 */
export function FilterPanel({ filter, onChange }: FilterPanelProps) {
  const { t } = useTranslation('statistics');
  return (
    <Paper component="form" withBorder p="md" aria-label={t('filters.label')} onSubmit={(event) => event.preventDefault()}>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <NativeSelect
          label={t('filters.region')}
          data={regionOptions.map((option) => ({ value: option.value, label: t(option.label) }))}
          value={filter.region}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isRegion(value)) onChange({ ...filter, region: value });
          }}
        />
        <NativeSelect
          label={t('filters.startYear')}
          data={YEARS.map(String)}
          value={String(filter.startYear)}
          onChange={(event) => onChange(withStartYear(filter, Number(event.currentTarget.value)))}
        />
        <NativeSelect
          label={t('filters.endYear')}
          data={endYearOptions(filter.startYear).map(String)}
          value={String(filter.endYear)}
          onChange={(event) => onChange({ ...filter, endYear: Number(event.currentTarget.value) })}
        />
        <NativeSelect
          label={t('filters.dataType')}
          data={dataTypeOptions.map((option) => ({ value: option.value, label: t(option.label) }))}
          value={filter.dataType}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isDataType(value)) onChange({ ...filter, dataType: value });
          }}
        />
      </SimpleGrid>
    </Paper>
  );
}
