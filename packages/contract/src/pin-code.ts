/*
 * Kept apart from common.ts (which builds zod schemas at import time) so the landing page can
 * check a pin code without pulling zod into its first load.
 */
const PIN_CODE = /(?<!\d)\d{6}(?!\d)/;

/** The first stand-alone 6-digit number in an address, or null. */
export function extractPinCode(address: string): string | null {
  const match = PIN_CODE.exec(address);
  return match ? match[0] : null;
}
