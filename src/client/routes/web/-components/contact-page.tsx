import { NewContactScreen } from '#client/features/contacts/new-contact/new-contact-screen.tsx';

export function ContactPage() {
  return <NewContactScreen />;
}
