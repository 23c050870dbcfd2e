export function InvalidPage() {
  return (
    <>
      <h1>Token Inválido</h1>
      <p>Lo sentimos, el enlace que usaste no es válido o ya expiró.</p>
    </>
  );
}
