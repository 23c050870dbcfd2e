import { ProfileScreen } from '#client/features/profile/profile-screen.tsx';

export function ProfilePage() {
  return <ProfileScreen />;
}
