import { useMatches } from 'react-router';
import { useDocumentTitle } from '../lib/page-title';

/** What the route table attaches to each route, so every screen has its own title. */
export interface RouteTitleHandle {
  title: string;
}

function isTitleHandle(handle: unknown): handle is RouteTitleHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as { title?: unknown }).title === 'string';
}

/** Sets document.title from the deepest matched route that names itself. */
export function useRouteTitle() {
  const matches = useMatches();
  const handle = matches.map((match) => match.handle).findLast(isTitleHandle);
  useDocumentTitle(handle?.title);
}
