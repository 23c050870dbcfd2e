import { DetentionSection } from '#client/features/detention/detention-section.tsx';
import { ProfileScreen } from '#client/features/profile/profile-screen.tsx';

export function ProfilePage() {
  return (
    <>
      <ProfileScreen />
      <DetentionSection />
    </>
  );
}
