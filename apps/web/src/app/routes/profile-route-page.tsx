import { MyBlocks } from '../../features/blocks/components/my-blocks';
import { ProfilePage } from '../../features/profile/components/profile-page';

/** /Profile: the profile, plus the people I blocked to undo (issue 16). */
export function ProfileRoutePage() {
  return (
    <ProfilePage>
      <MyBlocks />
    </ProfilePage>
  );
}
