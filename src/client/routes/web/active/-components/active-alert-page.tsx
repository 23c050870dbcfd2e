/** Placeholder: ending the alert comes with the SOS issue. */
export function ActiveAlertPage() {
  return (
    <>
      <h1>Alerta activa</h1>
      <p>Tus contactos de emergencia están siendo notificados.</p>
      <button type="button" className="button button--danger button--block">
        FINALIZAR ALERTA
      </button>
    </>
  );
}
