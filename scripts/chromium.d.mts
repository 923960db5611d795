export function findChromium(): string | null;
export const CHROMIUM_FLAGS: string[];
