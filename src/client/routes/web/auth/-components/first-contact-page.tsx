import { FirstContactScreen } from '#client/features/contacts/first-contact/first-contact-screen.tsx';

export function FirstContactPage() {
  return <FirstContactScreen />;
}
