/** The SOS button, install button and contact list come with their issues. */
export function HomePage() {
  return (
    <>
      <h1>Inicio</h1>
      <p>Presiona el botón SOS IAD para notificar a tus contactos que estás en riesgo.</p>
    </>
  );
}
