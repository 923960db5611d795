/**
 * Text colour for a light Badge of the given colour. Mantine's shade 9 reaches 4.5:1 on the light
 * background for green, blue, grape, red and gray, but not for yellow, orange or teal, which get
 * near-black text instead (the colour still shows in the background).
 */
export function badgeTextColor(color: string): string {
  return color === 'yellow' || color === 'orange' || color === 'teal' ? 'dark.8' : `${color}.9`;
}
