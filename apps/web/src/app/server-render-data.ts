import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { ShownLanguage } from '../i18n/i18n';

/**
 * What the server render hands the browser (issue 18, docs/decisions/039-server-rendering.md), as
 * JSON in a non-executable script element, so the Content-Security-Policy needs no inline script:
 * the language it drew in, when it drew, the query data the screen showed and the router's state.
 */
export interface ServerRenderData {
  language: ShownLanguage;
  /** The catalogs the page's words came from: loaded before hydration, so nothing suspends then. */
  namespaces: string[];
  renderedAt: number;
  queries: DehydratedState;
  router: HydrationState;
}

export const SERVER_RENDER_DATA_ID = 'annadaan-server-render';

/** The server's data when this page came drawn from the server, else null (the plain shell). */
export function readServerRenderData(): ServerRenderData | null {
  const element = document.getElementById(SERVER_RENDER_DATA_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerRenderData;
  } catch {
    return null;
  }
}

/** JSON safe inside <script>: no `</script>` or `<!--` can end or change the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
