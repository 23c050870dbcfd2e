import { DetentionSection } from '#client/features/detention/detention-section.tsx';
import { PinsSection } from '#client/features/pins/pins-section.tsx';
import { ProfileScreen } from '#client/features/profile/profile-screen.tsx';
import { SignOutSection } from '#client/features/auth/sign-out/sign-out-section.tsx';

export function ProfilePage() {
  return (
    <>
      <ProfileScreen />
      <PinsSection />
      <DetentionSection />
      <SignOutSection />
    </>
  );
}
