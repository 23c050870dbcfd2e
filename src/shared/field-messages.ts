// The validation texts of the API's fields (forms and server alike), one constant each;
// messages.ts gathers them as fieldMessages.

export const emailRequired = 'El correo es obligatorio';
export const emailInvalid = 'El correo no es válido';
export const emailTooLong = 'El correo es demasiado largo';
export const emailNotBare =
  'Escribe solo la dirección de correo, como nombre@ejemplo.com: sin nombre, espacios, comillas ni signos como < > , ; ( )';
export const fieldRequired = 'Este campo es obligatorio';
export const digit = 'Debe ser un número del 0 al 9';
export const codeInvalid = 'El código debe tener 4 dígitos';
export const firstnameRequired = 'El campo nombres es obligatorio';
export const lastnameRequired = 'El campo apellidos es obligatorio';
export const nameTooLong = 'Máximo 60 caracteres';
export const nameInvalid = 'Escribe solo letras: sin números, enlaces ni símbolos como @';
export const phoneRequired = 'El teléfono es obligatorio';
export const phoneInvalid = 'El teléfono no es válido';
export const termsRequired = 'Debes aceptar los términos y condiciones';
export const kinshipRequired = 'El campo es obligatorio';
export const alertStatusInvalid = "El estado de alerta debe ser '1', '2' o '3'";
export const coordinateInvalid = 'La ubicación no es válida';
export const accuracyInvalid = 'La precisión de la ubicación no es válida';
export const timezoneInvalid = 'La zona horaria no es válida';
export const pressedAtInvalid = 'La hora de la alerta no es válida';
export const alertIdInvalid = 'La alerta no es válida';
export const linkInvalid = 'El enlace no es válido';
export const refreshTokenInvalid = 'La sesión no es válida. Inicia sesión de nuevo.';
export const pageInvalid = 'La página debe ser un número entero mayor que 0';
export const limitInvalid = 'El límite debe ser un número entero entre 1 y 100';
export const sortInvalid = 'Solo se puede ordenar por nombres, apellidos, correo o fecha de creación';
export const orderInvalid = 'El orden debe ser asc o desc';
export const languageInvalid = 'Elige el idioma de los correos: Español, English, Português o Kreyòl ayisyen.';
export const emailMixedScripts =
  'Esta dirección mezcla letras de alfabetos distintos (por ejemplo, una «а» rusa en lugar de una «a»). Escríbela de nuevo con tu teclado.';
export const controlCharacters =
  'Este campo tiene caracteres invisibles que no se pueden guardar. Bórralo y escríbelo de nuevo.';
export const staffRoleRequired = 'Elige un rol: responder o admin.';
export const onCallRequired = 'Indica si estás de guardia.';
export const passkeyUnreadable = 'No pudimos leer la llave de acceso. Inténtalo otra vez.';
export const ceremonyTicketInvalid = 'La solicitud caducó. Vuelve a empezar.';
