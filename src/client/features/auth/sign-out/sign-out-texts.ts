// What signing out costs, and its question: the profile screen shows them (features/auth/sign-out/sign-out-section.tsx).

export const SIGN_OUT = 'Cerrar sesión';
export const SIGN_OUT_QUESTION = '¿Cerrar sesión en este teléfono?';
// What signing out costs, said before it happens: entering again takes the e-mail, a code and signal.
export const SIGN_OUT_WARNING =
  'El botón SOS no funcionará hasta que vuelvas a entrar. Para entrar necesitas tu correo, un código que te enviamos y conexión a internet.';
export const SIGN_OUT_CONFIRM = 'Sí, cerrar sesión';
export const SIGN_OUT_CANCEL = 'No, seguir con la sesión';
/** While the phone forgets the person, which may take a moment on a busy phone. */
export const SIGN_OUT_LEAVING = 'Cerrando sesión…';
// The phone could not forget the person (its storage is stuck): they are still signed in here.
export const SIGN_OUT_NOT_CLEARED =
  'No pudimos borrar tus datos de este teléfono, así que tu sesión sigue abierta. Inténtalo de nuevo en un momento.';
