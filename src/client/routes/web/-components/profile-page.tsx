import { DetentionSection } from '#client/features/detention/detention-section.tsx';
import { PinsSection } from '#client/features/pins/pins-section.tsx';
import { ProfileScreen } from '#client/features/profile/profile-screen.tsx';
import { SignOutSection } from '#client/features/auth/sign-out/sign-out-section.tsx';
import { useSignOut } from '#client/features/auth/sign-out/use-sign-out.ts';
import { DeleteAccountSection } from '#client/features/profile/delete-account/delete-account-section.tsx';

export function ProfilePage() {
  const signOut = useSignOut();
  return (
    <>
      <ProfileScreen />
      <PinsSection />
      <DetentionSection />
      <SignOutSection />
      {/* After a deletion the account's sessions are gone: nothing to tell the server. */}
      <DeleteAccountSection onDeleted={() => signOut({ tellServer: false }).then(() => undefined)} />
    </>
  );
}
