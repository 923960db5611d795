import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/react';
import { BlockButton } from '../../features/blocks/components/block-button';
import { UserDirectoryPage } from '../../features/directory/components/user-directory-page';
import { ReportButton } from '../../features/moderation/components/report-button';
import { profileQuery } from '../../lib/profile-api';

/** /UserDirectory: each person's card also offers Report and Block (issue 16), but not on one's own. */
export function UserDirectoryRoutePage() {
  // The cards' catalogs with the screen's own, fetched together rather than one after another.
  useTranslation(['directory', 'blocks', 'moderation']);
  const me = useQuery(profileQuery()).data?.id;
  return (
    <UserDirectoryPage
      cardActions={(user) =>
        me === undefined || user.id === me ? null : (
          <>
            <ReportButton targetType="USER" targetId={user.id} targetLabel={user.fullName} size="xs" />
            <BlockButton userId={user.id} userName={user.fullName} size="xs" />
          </>
        )
      }
    />
  );
}
