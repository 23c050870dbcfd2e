import { useRouter } from '@tanstack/react-router';

/** Replaces the router's English default; a failed chunk download (offline) usually lands here. */
export function ErrorPage() {
  const router = useRouter();
  return (
    <main className="centered-page">
      <div role="alert">
        <h1>Algo salió mal</h1>
        <p>No pudimos mostrar esta pantalla. Revisa tu conexión e inténtalo de nuevo.</p>
        <button type="button" className="button" onClick={() => void router.invalidate()}>
          Intentar de nuevo
        </button>
      </div>
    </main>
  );
}
