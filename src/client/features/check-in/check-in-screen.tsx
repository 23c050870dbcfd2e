import { Link, useNavigate } from '@tanstack/react-router';
import { CheckInForm } from './check-in-form.tsx';
import { CHECK_IN_TITLE } from './check-in-texts.ts';

/** /web/check-in: set 'Avísales si no vuelvo'. */
export function CheckInScreen() {
  const navigate = useNavigate();
  return (
    <>
      <h1>{CHECK_IN_TITLE}</h1>
      <p className="muted">
        Para cuando sales a un lugar donde te podrían detener. Di a qué hora volverás: si no nos confirmas que estás
        bien, avisamos a tus contactos por ti.
      </p>
      <CheckInForm onDone={() => void navigate({ to: '/web/home', replace: true })} />
      <Link to="/web/home" className="button button--ghost button--block check-in__back">
        Volver al inicio
      </Link>
    </>
  );
}
