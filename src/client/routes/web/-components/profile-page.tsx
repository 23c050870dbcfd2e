import { DetentionSection } from '#client/features/detention/detention-section.tsx';
import { PinsSection } from '#client/features/pins/pins-section.tsx';
import { ProfileScreen } from '#client/features/profile/profile-screen.tsx';

export function ProfilePage() {
  return (
    <>
      <ProfileScreen />
      <PinsSection />
      <DetentionSection />
    </>
  );
}
