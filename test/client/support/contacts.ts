import type { Contact } from '#shared/api/contacts.ts';

export function aContact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: 'c1',
    firstname: 'Luis',
    lastname: 'Pérez',
    email: 'luis@example.com',
    phone: '+13055550199',
    kinship: 'Hermano',
    language: 'es',
    email_verified_at: null,
    unsubscribed_at: null,
    invitation_pending_until: null,
    created_at: '2026-01-10T12:00:00.000Z',
    push_phones: 0,
    ...overrides,
  };
}
