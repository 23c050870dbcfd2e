import { useSignOut } from '#client/features/auth/use-sign-out.ts';
import { useAuth } from '#client/lib/session/use-session.ts';
import { Logo } from '#client/ui/logo.tsx';

export function AppHeader() {
  const { name, firstname, phone } = useAuth();
  const signOut = useSignOut();
  return (
    <header className="app-header">
      <Logo size={40} />
      <div className="app-header__greeting">
        <p className="app-header__name">Hola, {name || firstname}</p>
        {phone && <p className="app-header__phone">{phone}</p>}
      </div>
      <button type="button" className="button button--ghost app-header__signout" onClick={() => void signOut()}>
        Cerrar sesión
      </button>
    </header>
  );
}
