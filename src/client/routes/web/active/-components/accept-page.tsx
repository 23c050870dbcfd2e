export function AcceptPage() {
  return (
    <>
      <h1>¡Bienvenido!</h1>
      <p>Aceptaste los términos y ahora formas parte de los contactos de emergencia de quien te agregó.</p>
    </>
  );
}
