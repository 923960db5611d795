import { createContext, use } from 'react';

/**
 * Where the site lives (`https://annadaan.example`), for links that leave it, like a WhatsApp
 * share: the browser's own origin, or on the server render the public address (issue 18).
 */
export const SiteOriginContext = createContext('');

export function useSiteOrigin(): string {
  return use(SiteOriginContext);
}
