import { Link } from '@tanstack/react-router';

export function UnauthorizedPage() {
  return (
    <main className="centered-page">
      <div>
        <h1>Acceso Denegado</h1>
        <p>No tienes los permisos necesarios para acceder a esta página.</p>
        <Link to="/" className="button">
          Volver al inicio
        </Link>
      </div>
    </main>
  );
}
