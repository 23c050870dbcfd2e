import type { ComponentType } from 'react';

/** What home hands the block: its alert check, for a check-in past its deadline. */
export type CheckInSlotProps = { checkAlert: () => Promise<void> };
type Loader = () => Promise<{ default: ComponentType<CheckInSlotProps> }>;

const nothing: Loader = () => Promise.resolve({ default: () => null });
let checkInSlot: Loader = nothing;

/**
 * Home's place below the SOS area for a feature's own block (the check-in):
 * the route layer says where its code is, so home's code never imports a
 * feature that in turn reads home's stores (the location, the press), and the
 * block keeps a lazy chunk of its own.
 */
export function setCheckInSlot(load: Loader): void {
  checkInSlot = load;
}

/** Read when home first renders the slot, after the route tree set it. */
export function loadCheckInSlot(): ReturnType<Loader> {
  return checkInSlot();
}
