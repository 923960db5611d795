import type { Language } from '@annadaan/contract/language';
import devanagariBold from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import devanagariRegular from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';

/*
 * Fonts for scripts the phone may draw badly (issue 17; docs/decisions/034-devanagari-font.md).
 * Cheap Android phones often ship a thin or incomplete Devanagari face, so Hindi uses a self-hosted,
 * subsetted Noto Sans Devanagari: only the Devanagari subset, only the two weights the screens use
 * (regular and bold), woff2 only. The faces are registered the first time Hindi is shown, never
 * for English, so an English visit downloads no font at all; `unicode-range` keeps Latin letters
 * and digits on the system font even in Hindi. global.css puts the family first for `:lang(hi)`.
 * A language in another script adds its faces here.
 */

interface ScriptFont {
  family: string;
  /** The subset's characters, as Fontsource declares them for it. */
  unicodeRange: string;
  faces: { weight: string; url: string }[];
}

const DEVANAGARI: ScriptFont = {
  family: 'Noto Sans Devanagari',
  unicodeRange: 'U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+20F0, U+25CC, U+A830-A839, U+A8E0-A8FF, U+11B00-11B09',
  faces: [
    { weight: '400', url: devanagariRegular },
    { weight: '700', url: devanagariBold },
  ],
};

const SCRIPT_FONTS: Partial<Record<Language, ScriptFont>> = { hi: DEVANAGARI };

const registered = new Set<ScriptFont>();

/**
 * The head of a page the server draws in a language with its own script (issue 18): its faces
 * as @font-face rules and a preload of the regular weight, which most text uses. The first paint
 * then draws Hindi in its font, with no late swap from the phone's own face when the app starts
 * (the bold face follows as headings ask for it). Nothing for Latin-script languages.
 */
export function scriptFontHead(language: string): string {
  const font = SCRIPT_FONTS[language as Language];
  if (!font) return '';
  const faces = font.faces
    .map(
      ({ weight, url }) =>
        `@font-face{font-family:'${font.family}';font-style:normal;font-weight:${weight};font-display:swap;src:url(${url}) format('woff2');unicode-range:${font.unicodeRange}}`,
    )
    .join('');
  const regular = font.faces.find((face) => face.weight === '400') ?? font.faces[0];
  return [regular ? `<link rel="preload" href="${regular.url}" as="font" type="font/woff2" crossorigin />` : '', `<style>${faces}</style>`].join('');
}

/** Registers (once) and starts loading the font a language's script needs; nothing for Latin-script languages. */
export function loadScriptFont(language: string): void {
  const font = SCRIPT_FONTS[language as Language];
  if (!font || registered.has(font) || typeof document === 'undefined' || typeof FontFace === 'undefined') return;
  registered.add(font);
  for (const { weight, url } of font.faces) {
    const face = new FontFace(font.family, `url(${url}) format('woff2')`, { weight, style: 'normal', display: 'swap', unicodeRange: font.unicodeRange });
    document.fonts.add(face);
    // A failed download leaves the system font in place (font-display: swap already shows it meanwhile).
    face.load().catch(() => undefined);
  }
}
