import { FOOD_WASTE_SOURCES, type FoodWasteSource, type StatisticsRegion } from '@annadaan/contract/statistics-figures';
import type { YearlyRow } from '@annadaan/contract/statistics';

export type SortKey = 'year' | 'hunger' | 'foodWaste';
export type SortDirection = 'ascending' | 'descending';
export interface TableSort {
  key: SortKey;
  direction: SortDirection;
}

/** Rows in the chosen order; missing values (outside the data type) always sort last. */
export function sortRows(rows: readonly YearlyRow[], sort: TableSort): YearlyRow[] {
  const factor = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = a[sort.key];
    const right = b[sort.key];
    if (left === null && right === null) return a.year - b.year;
    if (left === null) return 1;
    if (right === null) return -1;
    return (left - right) * factor || a.year - b.year;
  });
}

/** Clicking the sorted column flips it; another column starts ascending. */
export function nextSort(current: TableSort, key: SortKey): TableSort {
  if (current.key !== key) return { key, direction: 'ascending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

/*
 * The CSV keeps English column names in every language (issue 17): it is for spreadsheets and
 * analysts' scripts, which read columns by name, and its names are the data file's and the Source
 * page's (spec section 9 fixes them); a Hindi header would break a script that worked yesterday.
 */
export const CSV_HEADER = ['Year', 'Hunger', 'Food Waste', ...FOOD_WASTE_SOURCES] as const;

export function csvFileName(region: StatisticsRegion): string {
  return `${region}_hunger_food_waste_data.csv`;
}

/** A cell as CSV text: quoted only when it holds a comma, quote or line break. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The table's rows, in the table's order, in the data file's units (hunger in million people,
 * food waste and its sources in million tonnes), so a spreadsheet gets exact values.
 */
export function toCsv(rows: readonly YearlyRow[]): string {
  const lines = [CSV_HEADER.map(csvCell).join(',')];
  for (const row of rows) {
    const sources = FOOD_WASTE_SOURCES.map((source: FoodWasteSource) => row.foodWasteBreakdown?.[source] ?? null);
    lines.push([row.year, row.hunger, row.foodWaste, ...sources].map(csvCell).join(','));
  }
  // CRLF is what RFC 4180 and spreadsheet programs expect.
  return `${lines.join('\r\n')}\r\n`;
}
