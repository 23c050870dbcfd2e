import { CheckInScreen } from '#client/features/check-in/check-in-screen.tsx';

export function CheckInPage() {
  return <CheckInScreen />;
}
