import { useTranslation } from '../../i18n/react';
import { MyBlocks } from '../../features/blocks/components/my-blocks';
import { SmsAlertsStatus } from '../../features/notifications/components/messaging-settings';
import { ProfilePage } from '../../features/profile/components/profile-page';

/** /Profile: the profile with its SMS alerts indicator (issue 31), plus the people I blocked to undo (issue 16). */
export function ProfileRoutePage() {
  // Every catalog the screen's sections read (auth: the password and phone fields), fetched together: each section asking for its own
  // would suspend the screen once per catalog, one after another.
  useTranslation(['profile', 'requests', 'blocks', 'auth', 'notifications']);
  return (
    <ProfilePage smsStatus={<SmsAlertsStatus />}>
      <MyBlocks />
    </ProfilePage>
  );
}
