export function findChromium(): string | null;
export const CHROMIUM_FLAGS: string[];
export const CHROMIUM_DISABLED_FEATURES: string[];
export const CHROMIUM_LAUNCHER: string;
