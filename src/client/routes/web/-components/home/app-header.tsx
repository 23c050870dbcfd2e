import { APP_NAME } from '#shared/constants.ts';
import { floatingBar } from '#client/features/help/floating-position.ts';
import { useAuth } from '#client/lib/session/use-session.ts';

export function AppHeader() {
  const { name, firstname, phone } = useAuth();
  return (
    <header className="app-header" {...floatingBar('top')}>
      {/* Not ui/logo.tsx: shared with signin's layout, it is a chunk of its own, one file more in home's download (budget). */}
      <img src={`${import.meta.env.BASE_URL}logo.svg`} alt={APP_NAME} width={40} height={40} />
      <div className="app-header__greeting">
        <p className="app-header__name">Hola, {name || firstname}</p>
        {phone && <p className="app-header__phone">{phone}</p>}
      </div>
    </header>
  );
}
