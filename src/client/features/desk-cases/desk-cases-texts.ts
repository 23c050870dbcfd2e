import type { DeskAlertCard } from '#shared/api/desk.ts';

/** What staff read on the desk's case screens. */
export const deskCasesTexts = {
  activeTitle: 'Alertas activas',
  noAlerts: 'No hay alertas activas.',
  loading: 'Cargando…',
  loadFailed: 'No pudimos cargar los datos. Revisa tu conexión e inténtalo de nuevo.',
  retry: 'Intentar de nuevo',
  trigger: (card: Pick<DeskAlertCard, 'trigger'>) =>
    card.trigger === 'missed-check-in' ? 'Cita sin respuesta: la app envió la alerta' : 'Presionó SOS',
  pressedClient: 'Hora de la persona',
  pressedDesk: 'Hora aquí',
  position: 'Última ubicación',
  noPosition: 'Sin ubicación',
  accuracy: (metres: number | null) => (metres === null ? 'precisión no indicada' : `precisión ±${metres} m`),
  age: (minutes: number) => (minutes < 1 ? 'hace menos de un minuto' : `hace ${minutes} min`),
  openMap: 'Ver en el mapa',
  contacts: 'Contactos',
  noContacts: 'Ningún contacto confirmado recibió la alerta.',
  gotIt: 'dijo «Lo tengo»',
  coercion: (card: Pick<DeskAlertCard, 'coercion_on'>) =>
    card.coercion_on === 'check-in'
      ? 'Posible coacción: la cita se cerró o se extendió con el PIN de emergencia.'
      : 'Posible coacción: la alerta se terminó con el PIN de emergencia.',
  attending: (email: string) => `Atiende: ${email}`,
  nobodyAttending: 'Nadie la atiende todavía',
  attend: 'Atender',
  openCase: 'Ver caso',
  ended: 'La persona terminó la alerta',
  closed: (outcome: string, by: string) => `Caso cerrado: ${outcome} (${by})`,
  caseTitle: (name: string) => `Caso de ${name}`,
  timeline: 'Historial',
  noteLabel: 'Nota',
  addNote: 'Guardar nota',
  actionsTitle: 'Registrar una acción',
  closeTitle: 'Cerrar caso',
  outcomeLabel: 'Resultado',
  closeNoteLabel: 'Nota de cierre',
  closeButton: 'Cerrar caso',
  detentionTitle: 'Información «Si me detienen»',
  locatorHint: 'Para el localizador de detenidos de ICE: número A y país de nacimiento.',
  copyLocator: 'Copiar: número A y país de nacimiento',
  g28Answer: { si: 'Sí', no: 'No' },
  copied: 'Copiado.',
  searchTitle: 'Buscar cliente',
  searchLabel: 'Nombre o teléfono',
  searchButton: 'Buscar',
  searchHint: 'Solo aparecen clientes que comparten sus alertas con la firma. Cada búsqueda queda registrada.',
  noClients: 'Ningún cliente coincide.',
  activeAlert: 'Alerta activa',
  auditTitle: 'Registro de auditoría',
  exportCsv: 'Exportar CSV',
  exportFailed: 'No se pudo descargar el registro. Revisa la conexión e inténtalo de nuevo.',
  auditTable: 'Búsquedas, comprobaciones, casos abiertos y personas quitadas del equipo',
  auditWhen: 'Cuándo',
  lookupTitle: '¿Alguien buscó a esta persona?',
  lookupLabel: 'Nombre o teléfono de la persona',
  lookupHint:
    'Te decimos si alguien del escritorio hizo una búsqueda que la habría encontrado. Lo que escribes aquí no se guarda, pero la comprobación queda registrada.',
  lookupButton: 'Comprobar',
  lookupAnswer: (asked: string, searches: number) =>
    searches === 0
      ? `No. Nadie del escritorio hizo una búsqueda que encontrara «${asked}».`
      : `Sí. ${searches === 1 ? 'Una búsqueda' : `${searches} búsquedas`} del escritorio ${searches === 1 ? 'habría encontrado' : 'habrían encontrado'} a «${asked}»:`,
  lookupLine: (when: string, who: string, results: number) =>
    `${when}: ${who} (${results} ${results === 1 ? 'resultado' : 'resultados'})`,
  lookupEarlierChecks: (checks: number) =>
    checks === 1
      ? 'Alguien ya comprobó aquí si buscaron a esta persona:'
      : `Ya se comprobó aquí ${checks} veces si buscaron a esta persona:`,
  lookupCheckLine: (when: string, who: string) => `${when}: ${who}`,
  auditWho: 'Quién',
  auditWhat: 'Qué',
} as const;

/** The timeline's words for each alert_events kind. */
export const timelineKindTexts: Record<string, string> = {
  'alert-started': 'Alerta iniciada',
  position: 'Ubicación recibida',
  'alert-ended': 'La persona terminó la alerta',
  'alert-ended-duress': 'Terminada con el PIN de emergencia (posible coacción)',
  'alert-replaced': 'Nueva alerta tras una terminada con el PIN de emergencia',
  'check-in-fired': 'La cita venció sin respuesta',
  'check-in-closed': 'La persona cerró la cita («Estoy bien»)',
  'check-in-extended': 'La persona pidió más tiempo para la cita',
  acknowledged: 'Un contacto dijo «Lo tengo»',
  'reminder-queued': 'Recordatorio a los contactos',
  'delivery-sent': 'Correo entregado a un contacto',
  'delivery-failed': 'No se pudo entregar un correo',
  'deletion-requested': 'La persona pidió borrar su cuenta',
  'desk-claimed': 'Atendido por',
  'desk-note': 'Nota de',
  'desk-action': 'Acción de',
  'desk-closed': 'Caso cerrado por',
  'firm-consent-on': 'La persona empezó a compartir sus alertas con la firma',
  'firm-consent-off': 'La persona dejó de compartir sus alertas con la firma',
};

/**
 * The words of a check-in's line made with the duress PIN: closed or extended with it, or the alert it
 * started then (or at the deadline it showed the person). Staff see the truth the person's phone hides.
 */
export const duressTimelineKindTexts: Record<string, string> = {
  'check-in-fired': 'La cita envió la alerta tras el PIN de emergencia (posible coacción)',
  'check-in-closed': 'Cita cerrada con el PIN de emergencia (posible coacción)',
  'check-in-extended': 'Cita extendida con el PIN de emergencia (posible coacción)',
};
