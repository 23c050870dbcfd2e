import { createRoute, Link } from '@tanstack/react-router';
import { rootRoute } from './root.tsx';

export const unauthorizedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'unauthorized',
  staticData: { title: 'Acceso Denegado' },
  component: UnauthorizedPage,
});

function UnauthorizedPage() {
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
