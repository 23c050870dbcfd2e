// The browser's own geolocation messages are in its language (often English) and say nothing of
// what to do: the three standard failures get ours. Anything else passes on the browser's words
// (SPEC.md section 8), or a plain fallback when it gave none.

export const LOCATION_DENIED =
  'No diste permiso para usar tu ubicación. Para compartirla, permítela para este sitio en los ajustes del navegador.';
export const LOCATION_UNAVAILABLE =
  'No pudimos saber dónde estás. Activa la ubicación de tu teléfono o ve a un lugar con mejor señal; lo seguimos intentando.';
export const LOCATION_TIMEOUT =
  'Tu ubicación tarda en llegar. Revisa que la ubicación de tu teléfono esté activada; lo seguimos intentando.';
const LOCATION_FAILED = 'No pudimos obtener tu ubicación.';

// GeolocationPositionError's codes (the constants are not on the error in every browser).
const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

export function locationErrorText(error: Pick<GeolocationPositionError, 'code' | 'message'>): string {
  if (error.code === PERMISSION_DENIED) return LOCATION_DENIED;
  if (error.code === POSITION_UNAVAILABLE) return LOCATION_UNAVAILABLE;
  if (error.code === TIMEOUT) return LOCATION_TIMEOUT;
  return error.message || LOCATION_FAILED;
}

export function isPermissionDenied(error: Pick<GeolocationPositionError, 'code'>): boolean {
  return error.code === PERMISSION_DENIED;
}
