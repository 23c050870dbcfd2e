export function AcceptPage() {
  return (
    <>
      <h1>¡Bienvenido!</h1>
      <p>
        Aceptaste los términos y condiciones, y ahora formas parte de los contactos de emergencia de la persona que te
        agregó.
      </p>
      <p>Si esa persona presiona el botón SOS, te avisaremos por correo con la hora y, si la comparte, su ubicación.</p>
      <p className="muted">Ya puedes cerrar esta página.</p>
    </>
  );
}
