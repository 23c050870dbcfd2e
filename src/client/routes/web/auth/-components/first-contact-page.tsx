/** Placeholder: the first-contact form comes with the contacts issue. */
export function FirstContactPage() {
  return (
    <>
      <h1>Agrega tu primer contacto de emergencia</h1>
      <p className="muted">Esta persona recibirá un correo cuando presiones el botón SOS.</p>
    </>
  );
}
