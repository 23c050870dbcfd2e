// The texts of the API's replies, one constant each; messages.ts gathers them as apiMessages.

export const codeSent = 'Te enviamos un código de acceso a tu correo.';
export const codeRecentlySent = 'Ya te enviamos un código hace poco. Revisa tu correo.';
export const codeWrong = 'El código no es correcto.';
export const codeExpired = 'El código expiró o ya no es válido. Pide uno nuevo.';
export const codeBurned =
  'Demasiados intentos con un código incorrecto: por seguridad lo anulamos. Espera unos minutos antes de pedir uno nuevo.';
export const signinLocked =
  'Por seguridad no podemos enviar otro código a este correo todavía: hubo demasiados intentos con códigos incorrectos. Vuelve a intentarlo más tarde. Si ya tienes la sesión abierta en tu teléfono, el botón SOS sigue funcionando.';
export const userNotRegistered = 'Usuario no registrado';
export const userAlreadyRegistered = 'Este correo ya está registrado. Inicia sesión.';
export const signedIn = 'Sesión iniciada';
export const signedUp = 'Cuenta creada';
export const signedOut = 'Sesión cerrada';
export const invalidData = 'Los datos enviados no son válidos.';
export const invalidJson = 'El cuerpo de la solicitud no es JSON válido.';
export const notJson = 'Envía los datos en JSON, con la cabecera Content-Type: application/json.';
export const bodyTooLarge = 'La solicitud es demasiado grande.';
export const tooManyRequests = 'Demasiados intentos. Espera un momento y vuelve a intentarlo.';
export const unauthorized = 'Sesión expirada';
export const forbidden = 'No tienes permiso para esto.';
export const refreshInvalid = 'La sesión ya no es válida. Inicia sesión de nuevo.';
export const contactCreated = 'Contacto agregado. Le enviamos un correo para que confirme.';
export const contactDeleted = 'Contacto eliminado';
export const contactDuplicate = 'Ya tienes un contacto con este correo';
export const contactIsYou = 'Este es tu propio correo. Escribe el correo de la persona que quieres avisar.';
export const contactNotFound = 'Contacto no encontrado';
export const contactAlreadyVerified = 'Este contacto ya está verificado.';
export const contactUnsubscribed =
  'Este contacto pidió no recibir más correos tuyos. No podemos enviarle la invitación.';
export const invitationSent = 'Enviamos una nueva invitación a tu contacto.';
export const contactVerified = 'Gracias. Ahora eres contacto de emergencia.';
export const linkInvalid = 'Lo sentimos, el enlace que usaste no es válido o ya expiró.';
export const unsubscribed = 'Ya no recibirás correos de esta persona.';
export const contactLanguageSaved = 'Guardamos el idioma de tus correos.';
export const profileUpdated = 'Datos actualizados';
export const noContactsRecorded = 'Entendido: por ahora no tienes contactos de emergencia.';
export const accountDeleted = 'Cuenta eliminada';
export const idempotencyKeyMissing = 'Falta el encabezado Idempotency-Key o no es válido.';
export const idempotencyKeyReused = 'Este Idempotency-Key ya se usó con otros datos.';
export const notFound = 'No encontrado';
export const methodNotAllowed = 'Método no permitido';
export const serverError = 'Ocurrió un error en el servidor. Inténtalo de nuevo.';
export const serviceUnavailable =
  'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.';
export const networkError = 'No hay conexión con el servidor. Revisa tu conexión.';
export const timeout = 'El servidor tardó demasiado en responder.';
export const staffCodeSent =
  'Si este correo es del equipo y todavía no tiene llave de acceso, le enviamos un código. Revisa tu correo.';
export const staffAlreadyEnrolled =
  'Este correo ya tiene una llave de acceso. Entra con ella; si la perdiste, pide a un admin que te quite y te vuelva a invitar.';
export const passkeyFailed = 'No pudimos comprobar la llave de acceso. Inténtalo otra vez.';
export const passkeyUnknown =
  'Esta llave de acceso no es de nadie del equipo. Si te quitaron, pide a un admin que te invite de nuevo.';
export const ceremonyExpired = 'La solicitud caducó. Vuelve a empezar.';
export const staffSignedOut = 'Sesión cerrada';
export const staffInvited = 'Invitación enviada.';
export const staffRemoved = 'Quitado del equipo.';
export const staffNotFound = 'No está en el equipo.';
export const staffCannotRemoveSelf = 'No puedes quitarte a ti mismo. Pide a otro admin que lo haga.';
export const staffLastAdmin =
  'Es el único admin del escritorio: sin admin nadie podría manejar el equipo ni leer el registro. Invita antes a otro admin.';
/** Why a desk session ended, told on 'Entrar' (the first refusal says it; later ones cannot know). */
export const staffSessionRemoved =
  'Te quitaron del equipo del escritorio: tu sesión se cerró y tu llave de acceso ya no vale. Si es un error, pide a un admin que te invite de nuevo.';
export const staffSessionIdle =
  'Tu sesión del escritorio se cerró tras 30 minutos sin usarlo. Entra otra vez con tu llave de acceso.';
export const staffSessionExpired =
  'Tu sesión del escritorio se cerró: dura como mucho 12 horas. Entra otra vez con tu llave de acceso.';
export const staffSessionEnded = 'Tu sesión del escritorio terminó. Entra otra vez con tu llave de acceso.';
export const onCallSaved = 'Guardado.';
