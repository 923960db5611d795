import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { myOrganisationsQuery } from '../lib/organisations-api';
import type { OrganisationChoiceProps } from './organisation-choice';

const LazyChoice = lazy(async () => ({ default: (await import('./organisation-choice')).OrganisationChoice }));

/**
 * The choice, its code and words loaded only for someone who belongs to an organisation: a
 * donation's page is a first screen and stays as light as before for everyone else.
 */
export function LazyOrganisationChoice(props: OrganisationChoiceProps) {
  const mine = useQuery(myOrganisationsQuery());
  if (!mine.data || mine.data.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <LazyChoice {...props} />
    </Suspense>
  );
}
