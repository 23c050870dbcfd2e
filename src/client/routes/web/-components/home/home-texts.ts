// Home's heading and instruction, shared by the page and the early home of index.html (early-home-markup.ts).

export const HOME_TITLE = 'Inicio';
export const HOME_INSTRUCTION = 'Presiona el botón SOS IAD para notificar a tus contactos que estás en riesgo.';
