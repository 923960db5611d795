/**
 * One palette for every statistics chart (issue 11): the same measure has the same colour on
 * the landing page and on /stats, and no two measures share one. Each is a Mantine shade dark
 * enough for 3:1 against white, the contrast WCAG asks of graphics.
 */
export const chartColors = {
  hunger: 'red.8',
  foodWaste: 'indigo.7',
  Households: 'green.8',
  'Food Services': 'orange.8',
  Retail: 'blue.7',
  'Post-Harvest & Agriculture': 'grape.7',
} as const;

/** Axis tick and label text: darker than Mantine's dimmed default, which is hard to read on phones. */
export const chartTextColor = 'gray.8';
