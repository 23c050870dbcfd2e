import type { Profile } from '#shared/api/profile.ts';
import type { users } from '#server/db/schema.ts';
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
  };
}
