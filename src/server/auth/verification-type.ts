/**
 * The purposes a verification row can have: 'signin' holds an HMAC of a 4-digit
 * code for an address; 'contact-invite' the SHA-256 of a contact's confirmation
 * link token, with the contact's id as target (see contacts/invitations.ts), and
 * 'contact-invite-used' the same once accepted, so a reopened link says so;
 * 'signin-lockout' counts an address's wrong codes (see lockout.ts); 'pins-reset'
 * holds an HMAC of the code that deletes forgotten PINs, with the address as target
 * (src/server/pins); 'staff-enrol' the code that lets an invited staff member enrol a first passkey
 * (src/server/staff/passkeys.ts).
 */
export type VerificationType =
  'signin' | 'contact-invite' | 'contact-invite-used' | 'signin-lockout' | 'pins-reset' | 'staff-enrol';
