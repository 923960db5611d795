/*
 * The web app manifest in the page's language (issue 18): what a phone shows when the app is
 * installed from that page (its description, and the "Donate food" and "Browse food" shortcuts on
 * a long press). Both manifests are one app (the same `id`); a language without its own file uses
 * English's. Files: public/manifest.webmanifest and public/manifest.<language>.webmanifest.
 */
const LOCALISED: Readonly<Record<string, string>> = { hi: '/manifest.hi.webmanifest' };

const DEFAULT_MANIFEST = '/manifest.webmanifest';

export function manifestFor(language: string): string {
  return LOCALISED[language] ?? DEFAULT_MANIFEST;
}

/** Points the page's manifest link at the language now shown, so installing follows a switch. */
export function showManifestFor(language: string): void {
  if (typeof document === 'undefined') return;
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = manifestFor(language);
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}
