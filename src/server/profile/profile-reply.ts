import type { Profile } from '#shared/api/profile.ts';
import type { users } from '#server/db/schema.ts';
import { consentShown, detentionInfoShown } from '#server/desk/consent.ts';
import { pinsShown } from '#server/security/pin-check.ts';

/** The Profile object of src/shared/api/profile.ts. */
export function toProfile(user: typeof users.$inferSelect): Profile {
  return {
    id: user.id,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    phone: user.phone,
    pins_set: pinsShown(user),
    firm_consent: consentShown(user),
    firm_detention_info: detentionInfoShown(user),
    firm_consent_asked: user.firmConsentAskedAt !== null,
  };
}
