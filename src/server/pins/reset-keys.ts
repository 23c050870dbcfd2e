import { sha256 } from '#server/security/hashing.ts';

/** The verification type of the e-mailed code that deletes forgotten PINs (its target is the address). */
export const RESET_TYPE = 'pins-reset';

/** Its own hourly count per address, as large as the sign-in codes' (the key is a hash: the table never holds addresses). */
export const resetLimitKey = (email: string) => `pins-code:${sha256(email)}`;
