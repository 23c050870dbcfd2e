import { useProfile } from '#client/api/profile.ts';
import { FirmConsentSection } from './firm-consent/firm-consent-section.tsx';
import { ProfileForm } from './profile-form.tsx';
import { OpenSessions } from './sessions/open-sessions.tsx';

export function ProfileScreen() {
  const profile = useProfile();
  return (
    <>
      <h1>Perfil</h1>
      <p className="muted">Tus contactos de emergencia verán tu nombre en tus alertas.</p>
      {profile.data ? (
        // Keyed, so the form starts from the loaded profile (Conform reads defaults once).
        <>
          <ProfileForm key={profile.data.id} profile={profile.data} />
          <FirmConsentSection profile={profile.data} />
        </>
      ) : profile.isError ? (
        <>
          <p>No pudimos cargar tu perfil. Revisa tu conexión e inténtalo de nuevo.</p>
          <button type="button" className="button" onClick={() => void profile.refetch()}>
            Intentar de nuevo
          </button>
        </>
      ) : (
        <p className="muted" role="status">
          Cargando perfil…
        </p>
      )}
      <OpenSessions />
    </>
  );
}
