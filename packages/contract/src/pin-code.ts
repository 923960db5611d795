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

/** What a pin code that cannot be used is told (the API's errors and the screens' checks). */
export const PinCodeMessages = {
  malformed: 'A pin code is 6 digits and does not start with 0.',
  notFound: 'We do not know this pin code.',
} as const;
