import { Button, Group, Paper, ScrollArea, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { FOOD_WASTE_SOURCES, type StatisticsRegion } from '@annadaan/contract/statistics-figures';
import type { YearlyRow } from '@annadaan/contract/statistics';
import { useFormat } from '../../../lib/locale-format';
import { SOURCE_KEY } from '../statistics-insights';
import { csvFileName, nextSort, sortRows, toCsv, type SortKey, type TableSort } from '../statistics-table';

const SORTABLE: { key: SortKey; label: `table.${SortKey}` }[] = [
  { key: 'year', label: 'table.year' },
  { key: 'hunger', label: 'table.hunger' },
  { key: 'foodWaste', label: 'table.foodWaste' },
];

function downloadCsv(region: StatisticsRegion, rows: readonly YearlyRow[]) {
  const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(region);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken its copy once click() returns; free the memory on the next tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The yearly figures, sortable by year, hunger or food waste; Export CSV writes them in this order. */
export function StatisticsTable({ region, rows }: { region: StatisticsRegion; rows: readonly YearlyRow[] }) {
  const { t } = useTranslation('statistics');
  const format = useFormat();
  // A figure that only repeats the last measured year says so beside it (issue 29).
  const cell = (value: number | null | undefined, carried = false) =>
    value === null || value === undefined ? (
      t('table.missing')
    ) : carried ? (
      <>
        {format.number(value)}{' '}
        <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          ({t('table.carriedForward')})
        </Text>
      </>
    ) : (
      format.number(value)
    );
  const [sort, setSort] = useState<TableSort>({ key: 'year', direction: 'ascending' });
  const sorted = sortRows(rows, sort);

  return (
    <Paper component="section" withBorder p="md" aria-labelledby="table-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="table-title">
          {t('table.title')}
        </Title>
        <Button leftSection={<IconDownload size={18} aria-hidden="true" />} onClick={() => downloadCsv(region, sorted)} disabled={rows.length === 0}>
          {t('table.export')}
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text>{t('table.noData')}</Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={760} aria-labelledby="table-title">
            <Table.Thead>
              <Table.Tr>
                {SORTABLE.map(({ key, label }) => {
                  const active = sort.key === key;
                  const Icon = !active ? IconArrowsSort : sort.direction === 'ascending' ? IconArrowUp : IconArrowDown;
                  return (
                    <Table.Th key={key} aria-sort={active ? sort.direction : 'none'}>
                      <UnstyledButton
                        onClick={() => setSort(nextSort(sort, key))}
                        fw={700}
                        fz="sm"
                        style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}
                      >
                        {t(label)}
                        <Icon size={16} aria-hidden="true" />
                      </UnstyledButton>
                    </Table.Th>
                  );
                })}
                {FOOD_WASTE_SOURCES.map((source) => (
                  <Table.Th key={source}>{t('table.sourceColumn', { source: t(`source.${SOURCE_KEY[source]}`) })}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sorted.map((row) => (
                <Table.Tr key={row.year}>
                  <Table.Td>{row.year}</Table.Td>
                  <Table.Td>{cell(row.hunger, row.carriedForward.hunger)}</Table.Td>
                  <Table.Td>{cell(row.foodWaste, row.carriedForward.foodWaste)}</Table.Td>
                  {FOOD_WASTE_SOURCES.map((source) => (
                    <Table.Td key={source}>{cell(row.foodWasteBreakdown?.[source], row.carriedForward.foodWaste)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}
