import { useTranslation } from '../i18n/react';
import { useMatches } from 'react-router';
import type { englishResources } from '../i18n/i18n';
import { useDocumentTitle } from '../lib/page-title';

/** What the route table attaches to each route, so every screen has its own title: a key of the shell's `titles`. */
export interface RouteTitleHandle {
  title: keyof (typeof englishResources)['shell']['titles'];
}

function isTitleHandle(handle: unknown): handle is RouteTitleHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as { title?: unknown }).title === 'string';
}

/** Sets document.title, in the reader's language, from the deepest matched route that names itself. */
export function useRouteTitle() {
  const { t } = useTranslation('shell');
  const matches = useMatches();
  const handle = matches.map((match) => match.handle).findLast(isTitleHandle);
  useDocumentTitle(handle ? t(`titles.${handle.title}`) : undefined);
}
