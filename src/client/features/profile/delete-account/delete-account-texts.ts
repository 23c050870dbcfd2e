// 'Eliminar mi cuenta' on the profile: what it deletes and costs, said before it happens.

export const DELETE_ACCOUNT = 'Eliminar mi cuenta';
export const DELETE_ACCOUNT_INTRO = 'Borra tu cuenta y todo lo que guardaste. No se puede deshacer.';
export const DELETE_ACCOUNT_QUESTION = '¿Eliminar tu cuenta?';
export const DELETE_ACCOUNT_WARNING =
  'Se borrarán tu cuenta, tus contactos de emergencia, tus alertas y tu información «Si me detienen». El botón SOS dejará de funcionar en este teléfono. No se puede deshacer.';
export const DELETE_ACCOUNT_CONFIRM = 'Sí, eliminar mi cuenta';
export const DELETE_ACCOUNT_CANCEL = 'No, conservar mi cuenta';
export const DELETE_ACCOUNT_PENDING = 'Eliminando…';
