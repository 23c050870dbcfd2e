import { useSyncExternalStore } from 'react';
import { ACCURACY_MAX_METRES } from '#shared/constants.ts';
import { createStore } from '#client/lib/create-store.ts';
import { isPermissionDenied, locationErrorText } from './location-errors.ts';

// SPEC.md section 8, verbatim.
export const GEOLOCATION_UNSUPPORTED = 'Geolocalización no soportada por tu navegador';

export type LocationPermission = 'granted' | 'denied' | 'prompt' | 'unknown' | 'unsupported';

/** A coordinate as the API wants it: text, to the centimetre, without trailing zeros or exponents. */
function coordinate(value: number): string {
  return value.toFixed(7).replace(/\.?0+$/, '');
}

/** Coordinates as the API wants them: strings (SPEC.md section 3). */
export interface Fix {
  latitude: string;
  longitude: string;
  /** How far off it may be, in whole metres rounded up, when the browser said and the API takes it. */
  accuracy?: number;
}

/**
 * The browser's accuracy as the API takes it (src/shared/api/active-button.ts), else nothing:
 * a value the server would refuse must never cost a press its position, or the press itself.
 */
function accuracyOf(metres: number): Pick<Fix, 'accuracy'> {
  return Number.isFinite(metres) && metres >= 0 && metres <= ACCURACY_MAX_METRES ? { accuracy: Math.ceil(metres) } : {};
}

export interface LocationState {
  /** The latest position of this visit; kept when the watch stops. */
  fix: Fix | null;
  /** What the last failure means, in Spanish (location-errors.ts), else null. */
  error: string | null;
  permission: LocationPermission;
}

const store = createStore<LocationState>(() => ({ fix: null, error: null, permission: 'unknown' }));
let watchId: number | undefined;
const holders = new Set<symbol>();
let permissionChecked: Promise<LocationPermission> | undefined;

export const getLocation = store.get;

function update(patch: Partial<LocationState>): void {
  store.set({ ...store.get(), ...patch });
}

export function useLocation(): LocationState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

function geolocation(): Geolocation | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.geolocation;
}

/** Starts watching (the browser may ask the person first). A press never waits for it. */
export function startWatching(): void {
  const geo = geolocation();
  if (!geo) {
    update({ permission: 'unsupported', error: GEOLOCATION_UNSUPPORTED });
    return;
  }
  if (watchId !== undefined) return;
  watchId = geo.watchPosition(
    ({ coords }) =>
      update({
        fix: {
          latitude: coordinate(coords.latitude),
          longitude: coordinate(coords.longitude),
          ...accuracyOf(coords.accuracy),
        },
        error: null,
        permission: 'granted',
      }),
    (error) => {
      // Watching on would only repeat a refusal.
      const denied = isPermissionDenied(error);
      if (denied) stopWatching();
      update({ error: locationErrorText(error), ...(denied ? { permission: 'denied' as const } : {}) });
    },
    // A fix up to a minute old is a fine start; the watch then sharpens it.
    { enableHighAccuracy: true, maximumAge: 60_000 },
  );
}

function stopWatching(): void {
  if (watchId !== undefined) geolocation()?.clearWatch(watchId);
  watchId = undefined;
}

/** The permission as the browser tells it without asking the person; 'unknown' where it cannot tell (older Safari). */
function checkPermission(): Promise<LocationPermission> {
  permissionChecked ??= (async (): Promise<LocationPermission> => {
    if (!geolocation()) {
      update({ permission: 'unsupported', error: GEOLOCATION_UNSUPPORTED });
      return 'unsupported';
    }
    try {
      const status = await navigator.permissions.query({ name: 'geolocation' });
      status.addEventListener('change', () => {
        update({ permission: status.state });
        if (status.state === 'granted' && holders.size > 0) startWatching();
      });
      update({ permission: status.state });
      return status.state;
    } catch {
      return 'unknown';
    }
  })();
  return permissionChecked;
}

/**
 * A screen that wants positions while it is open (home; the alert screen for
 * a late first fix). Home never prompts, so no permission question ever
 * stands between a press and the alert (`mayAsk` false); the alert screen may,
 * since by then the alert is already on its way. Returns the release.
 */
export function holdLocationWatch({ mayAsk }: { mayAsk: boolean }): () => void {
  const holder = Symbol('location holder');
  holders.add(holder);
  void checkPermission().then(() => {
    // The state, not the first answer: it follows later changes (settings, a fix, a refusal).
    const { permission } = store.get();
    if (!holders.has(holder)) return;
    if (permission === 'granted' || (mayAsk && (permission === 'prompt' || permission === 'unknown'))) startWatching();
  });
  return () => {
    if (!holders.delete(holder)) return;
    if (holders.size === 0) stopWatching();
  };
}

/** Tests start from nothing. */
export function resetLocation(): void {
  stopWatching();
  holders.clear();
  permissionChecked = undefined;
  store.reset();
}
