/** Placeholder for /web/active/verify/{token} and /web/active/confirm?token=: the terms and 'Aceptar' come with the contacts issue. */
export function ConfirmContactPage() {
  return (
    <>
      <h1>Confirma que eres contacto de emergencia</h1>
      <p>Lee los términos y condiciones para empezar a recibir alertas.</p>
    </>
  );
}
