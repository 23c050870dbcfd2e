export function UnsubscribePage() {
  return (
    <>
      <h1>Baja confirmada</h1>
      <p>Ya no recibirás más correos de alerta de esta persona.</p>
    </>
  );
}
