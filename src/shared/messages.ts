// Every Spanish text that both sides show or send. SPEC.md sections 5 and 8 are
// kept verbatim; texts SPEC.md gives only in English are ours.

export const fieldMessages = {
  emailRequired: 'El correo es obligatorio',
  emailInvalid: 'El correo no es válido',
  emailTooLong: 'El correo es demasiado largo',
  fieldRequired: 'Este campo es obligatorio',
  digit: 'Debe ser un número del 0 al 9',
  codeInvalid: 'El código debe tener 4 dígitos',
  firstnameRequired: 'El campo nombres es obligatorio',
  lastnameRequired: 'El campo apellidos es obligatorio',
  nameTooLong: 'Máximo 100 caracteres',
  phoneRequired: 'El teléfono es obligatorio',
  phoneInvalid: 'El teléfono no es válido',
  termsRequired: 'Debes aceptar los términos y condiciones',
  kinshipRequired: 'El campo es obligatorio',
} as const;

export const apiMessages = {
  codeSent: 'Te enviamos un código de acceso a tu correo.',
  codeRecentlySent: 'Ya te enviamos un código hace poco. Revisa tu correo.',
  codeWrong: 'El código no es correcto.',
  codeExpired: 'El código expiró o ya no es válido. Pide uno nuevo.',
  userNotRegistered: 'Usuario no registrado',
  userAlreadyRegistered: 'Este correo ya está registrado. Inicia sesión.',
  signedIn: 'Sesión iniciada',
  signedUp: 'Cuenta creada',
  signedOut: 'Sesión cerrada',
  invalidData: 'Los datos enviados no son válidos.',
  invalidJson: 'El cuerpo de la solicitud no es JSON válido.',
  bodyTooLarge: 'La solicitud es demasiado grande.',
  tooManyRequests: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  unauthorized: 'Sesión expirada',
  refreshInvalid: 'La sesión ya no es válida. Inicia sesión de nuevo.',
  notFound: 'No encontrado',
  methodNotAllowed: 'Método no permitido',
  serverError: 'Ocurrió un error en el servidor. Inténtalo de nuevo.',
  networkError: 'No hay conexión con el servidor. Revisa tu conexión.',
  timeout: 'El servidor tardó demasiado en responder.',
} as const;
