// Home's heading and instruction, shared by the page and the early home of index.html (critical/early-home).

export const HOME_TITLE = 'Inicio';
export const HOME_INSTRUCTION = 'Presiona el botón SOS IAD para notificar a tus contactos que estás en riesgo.';

// 'Avísales si no vuelvo': home shows the way to it; the check-in screen takes its title from here.
export const CHECK_IN_TITLE = 'Avísales si no vuelvo';
export const CHECK_IN_HINT =
  'Si vas a una cita o a un lugar con riesgo, avisamos a tus contactos si no vuelves a tiempo.';
