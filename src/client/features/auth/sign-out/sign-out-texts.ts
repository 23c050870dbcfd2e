// What signing out costs, and its question: the profile screen shows them (features/auth/sign-out/sign-out-section.tsx).
// Only that screen's: use-sign-out.ts, in home's first download, keeps its one message itself.

export const SIGN_OUT = 'Cerrar sesión';
export const SIGN_OUT_QUESTION = '¿Cerrar sesión en este teléfono?';
// What signing out costs, said before it happens: entering again takes the e-mail, a code and signal.
export const SIGN_OUT_WARNING =
  'El botón SOS no funcionará hasta que vuelvas a entrar. Para entrar necesitas tu correo, un código que te enviamos y conexión a internet.';
export const SIGN_OUT_CONFIRM = 'Sí, cerrar sesión';
export const SIGN_OUT_CANCEL = 'No, seguir con la sesión';
/** While the phone forgets the person, which may take a moment on a busy phone. */
export const SIGN_OUT_LEAVING = 'Cerrando sesión…';
