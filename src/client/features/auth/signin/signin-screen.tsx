import { useSyncExternalStore } from 'react';
import { sessionEndedElsewhere, subscribeSessionEnded } from '#client/lib/session/session-expiry.ts';
import { SESSION_ENDED_ELSEWHERE, SIGNIN_HINT, SIGNIN_TITLE } from '../auth-texts.ts';
import { SigninForm } from './signin-form.tsx';
import './signin.css';

export function SigninScreen() {
  const endedElsewhere = useSyncExternalStore(subscribeSessionEnded, sessionEndedElsewhere, sessionEndedElsewhere);
  return (
    <>
      <h1>{SIGNIN_TITLE}</h1>
      {endedElsewhere && (
        <p className="session-ended" role="alert">
          {SESSION_ENDED_ELSEWHERE}
        </p>
      )}
      <p className="muted">{SIGNIN_HINT}</p>
      <SigninForm />
    </>
  );
}
