import { getRouteApi } from '@tanstack/react-router';
import { needsIosInstallHelp } from '#client/features/install/ios-install.ts';
import { PushControl } from '#client/features/push/push-control.tsx';

const route = getRouteApi('/web/active/accept');

export function AcceptPage() {
  const { token } = route.useSearch();
  return (
    <>
      <h1>¡Bienvenido!</h1>
      <p>
        Aceptaste los términos y condiciones, y ahora formas parte de los contactos de emergencia de la persona que te
        agregó.
      </p>
      <p>Si esa persona presiona el botón SOS, te avisaremos por correo con la hora y, si la comparte, su ubicación.</p>
      {token && <PushControl token={token} homeScreenFirst={needsIosInstallHelp()} />}
      <p className="muted">Ya puedes cerrar esta página.</p>
    </>
  );
}
