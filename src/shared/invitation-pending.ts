// Apart from invitation-texts.ts: home's contact card shows it, and home's first download (src/client/home-first-download.ts)
// takes a shared module whole, so the wait and notice texts of the contact screens would come with it.

/** The state a contact's card shows while its invitation waits for the limits. */
export const INVITATION_PENDING = 'Invitación pendiente';
