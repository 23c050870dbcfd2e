export const DETENTION_TITLE = 'Si me detienen';
export const DETENTION_WHO =
  'Solo la reciben los contactos que elijas (en cada contacto: «Enviarle mi información «Si me detienen» cuando haya una alerta») y solo dentro de una alerta: cuando presionas SOS o cuando no confirmas a tiempo que estás bien. Nunca va en invitaciones, recordatorios ni pruebas.';
export const DETENTION_WHY =
  'Si te detienen, esto ayuda a tu familia a encontrarte y a conseguir ayuda: buscarte en el localizador oficial de detenidos, llamar a tu consulado y a tu abogado. Todo es opcional.';
export const DETENTION_DELETE = 'Borrar mi información';
export const DETENTION_DELETE_CONFIRM = 'Se borrará todo lo que guardaste aquí. Tus contactos ya no la recibirán.';
export const DETENTION_SAVE = 'Guardar información';
export const BIRTH_DATE_INVALID = 'Escribe día, mes y año, por ejemplo 31/05/1990.';
export const HINTS: Partial<Record<string, string>> = {
  birth_date: 'Día, mes y año, por ejemplo 31/05/1990.',
  birth_country:
    'El localizador de detenidos lo pide de una lista en inglés: tus contactos leerán el país en su idioma y el nombre que deben elegir allí.',
  a_number:
    'Está en tus documentos de inmigración: 8 o 9 números, por ejemplo A-123-456-789. Lo guardamos como lo pide el localizador de detenidos: 123456789.',
  consulate_phone: 'Con el código del país, por ejemplo +13055551234.',
  lawyer_phone: 'Con el código del país, por ejemplo +13055551234.',
};
export const COUNTRY_NONE = 'Elige un país (o déjalo en blanco)';
export const COUNTRY_COMMON = 'Los más comunes';
export const COUNTRY_ALL = 'Todos los países, de la A a la Z';
export const countryAsTyped = (typed: string) => `${typed} (como lo escribiste antes)`;
