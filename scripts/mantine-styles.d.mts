export const STYLES_FILE: string;
export function neededStylesheets(): string[];
export function stylesFileText(sheets?: string[]): string;
