import { useState } from 'react';
import { useAuth } from '#client/lib/session/use-session.ts';
import { ResendOrRestart } from './resend-or-restart.tsx';
import { VerifyForm } from './verify-form.tsx';

export function VerifyScreen() {
  const { email } = useAuth();
  const [errorCount, setErrorCount] = useState(0);
  const countError = () => setErrorCount((count) => count + 1);
  return (
    <>
      <h1>Ingresa tu código</h1>
      <p className="muted">
        Enviamos un código de 4 dígitos a <strong>{email}</strong>.
      </p>
      <VerifyForm email={email} onServerError={countError} />
      <ResendOrRestart email={email} errorCount={errorCount} onServerError={countError} />
    </>
  );
}
