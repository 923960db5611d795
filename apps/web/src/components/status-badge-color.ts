/**
 * Text colour for a light Badge of the given colour. Mantine's shade 9 reaches 4.5:1 on the light
 * background for green, blue, grape, red and gray, but not for yellow, orange or teal, which get
 * near-black text instead (the colour still shows in the background). Give a light Badge the
 * colour's name, never a shade ("green", not "green.9"): Mantine fills a light badge given a shade
 * with that shade, under text of the same colour (the notification centre's empty "Unread" bar,
 * issue 29). e2e/badge-contrast.spec.ts measures every badge on screen in both languages.
 */
export function badgeTextColor(color: string): string {
  return color === 'yellow' || color === 'orange' || color === 'teal' ? 'dark.8' : `${color}.9`;
}
