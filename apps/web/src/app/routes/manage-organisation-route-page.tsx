import { ManageOrganisationPage } from '../../features/organisations/components/manage-organisation-page';
import { OrganisationVolunteers } from '../../features/volunteers/components/organisation-volunteers';
import { useTranslation } from '../../i18n/react';

/** /organisations/:id/manage: the organisation's dashboard, with its volunteers and delivery runs (issue 32). */
export function ManageOrganisationRoutePage() {
  // Both features' words, fetched together: the volunteers section asking later would hide the page meanwhile.
  useTranslation(['organisations', 'auth', 'volunteers']);
  return (
    <ManageOrganisationPage
      volunteers={(organisation) => (
        <OrganisationVolunteers organisationId={organisation.id} coordinator={organisation.coordinator} verified={organisation.verified} />
      )}
    />
  );
}
