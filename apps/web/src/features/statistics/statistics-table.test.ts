import { describe, expect, it } from 'vitest';
import type { YearlyRow } from '@annadaan/contract/statistics';
import { csvFileName, nextSort, sortRows, toCsv } from './statistics-table';

const breakdown = { Households: 1, 'Food Services': 2, Retail: 3, 'Post-Harvest & Agriculture': 4 };
const rows: YearlyRow[] = [
  {
    year: 2020,
    hunger: 200,
    foodWaste: 10,
    foodWasteUnit: 'million tonnes',
    foodWasteBreakdown: breakdown,
    carriedForward: { hunger: false, foodWaste: false },
  },
  {
    year: 2021,
    hunger: 190.5,
    foodWaste: 12.25,
    foodWasteUnit: 'million tonnes',
    foodWasteBreakdown: breakdown,
    carriedForward: { hunger: false, foodWaste: false },
  },
  {
    year: 2022,
    hunger: 195,
    foodWaste: 11,
    foodWasteUnit: 'million tonnes',
    foodWasteBreakdown: breakdown,
    carriedForward: { hunger: false, foodWaste: false },
  },
];

describe('sorting', () => {
  it('sorts by any column both ways', () => {
    expect(sortRows(rows, { key: 'hunger', direction: 'ascending' }).map((row) => row.year)).toEqual([2021, 2022, 2020]);
    expect(sortRows(rows, { key: 'foodWaste', direction: 'descending' }).map((row) => row.year)).toEqual([2021, 2022, 2020]);
    expect(sortRows(rows, { key: 'year', direction: 'descending' }).map((row) => row.year)).toEqual([2022, 2021, 2020]);
  });

  it('keeps missing values last', () => {
    const hungerOnly = rows.map((row) => ({ ...row, foodWaste: null }));
    expect(sortRows(hungerOnly, { key: 'foodWaste', direction: 'descending' }).map((row) => row.year)).toEqual([2020, 2021, 2022]);
  });

  it('flips the sorted column and starts others ascending', () => {
    expect(nextSort({ key: 'year', direction: 'ascending' }, 'year')).toEqual({ key: 'year', direction: 'descending' });
    expect(nextSort({ key: 'year', direction: 'descending' }, 'hunger')).toEqual({ key: 'hunger', direction: 'ascending' });
  });
});

describe('CSV', () => {
  it('names the file after the region', () => {
    expect(csvFileName('Global')).toBe('Global_hunger_food_waste_data.csv');
  });

  it('writes the header, exact values and empty cells outside the data type, quoting the header with a comma-free ampersand as is', () => {
    const csv = toCsv([
      rows[1]!,
      { year: 2023, hunger: 180, foodWaste: null, foodWasteUnit: null, foodWasteBreakdown: null, carriedForward: { hunger: false, foodWaste: false } },
    ]);
    expect(csv).toBe('Year,Hunger,Food Waste,Households,Food Services,Retail,Post-Harvest & Agriculture\r\n2021,190.5,12.25,1,2,3,4\r\n2023,180,,,,,\r\n');
  });
});
