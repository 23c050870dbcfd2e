import { resetAll } from './session-store.ts';

// The router is built by the app layer; lib cannot import it, so the app hands
// over what "go to sign-in" means at start-up.
let goToSignin: () => void = () => undefined;

export function onSessionExpired(handler: () => void): void {
  goToSignin = handler;
}

/** SPEC.md section 8: a 401 clears every slice and logs 'Sesión expirada'. */
export function expireSession(): void {
  void resetAll();
  console.warn('Sesión expirada');
  goToSignin();
}
