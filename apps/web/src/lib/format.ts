/**
 * Large counts as K (thousands) and M (millions) with one decimal, as the statistics page asks.
 * The spec stops at M; billions (global people-fed figures reach 12.9 billion) get B so a figure
 * never reads "12942.5M".
 */
export function formatCompact(value: number): string {
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  if (size >= 1e9) return `${sign}${(size / 1e9).toFixed(1)}B`;
  if (size >= 1e6) return `${sign}${(size / 1e6).toFixed(1)}M`;
  if (size >= 1e3) return `${sign}${(size / 1e3).toFixed(1)}K`;
  return `${sign}${Number.isInteger(size) ? size : size.toFixed(1)}`;
}

const whole = new Intl.NumberFormat('en-IN');
const upToTwo = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** A count with Indian digit grouping (12,34,567). */
export function formatCount(value: number): string {
  return whole.format(value);
}

/** A measured value as the data file holds it (at most 2 decimals). */
export function formatAmount(value: number): string {
  return upToTwo.format(value);
}

/** A percentage with one decimal, from a ratio (1 means 100%). */
export function formatPercentFromRatio(ratio: number): string {
  return `${(ratio * 100).toFixed(1)}%`;
}
