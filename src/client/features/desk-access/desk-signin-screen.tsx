import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { staffCodeSchema, staffEnrolOptionsSchema } from '#shared/api/staff.ts';
import '#client/ui/form-controls.css';
import { PlainTextField } from '#client/ui/plain-text-field.tsx';
import { deskSessionEndedWhy } from '#client/lib/desk/desk-session.ts';
import { deskAccessTexts as t } from './desk-access-texts.ts';
import { askForCode, enrolWithCode, signInWithPasskey } from './passkey-ceremonies.ts';
import './desk-access.css';

type Props = {
  /** Once signed in (the route goes to the desk). */
  onSignedIn: () => void;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * /web/desk/entrar: a passkey, or, for an invited address without one yet, the e-mailed code that
 * enrols it. The code never opens the desk by itself, and only works for the first passkey.
 */
export function DeskSigninScreen({ onSignedIn }: Props) {
  const supported = browserSupportsWebAuthn();
  const [busy, setBusy] = useState<'passkey' | 'code' | 'enrol' | undefined>();
  // Sent here because the server ended the session (removed, idle, 12 hours): why, until they act.
  const [error, setError] = useState<string | undefined>(deskSessionEndedWhy);
  const [notice, setNotice] = useState<string | undefined>();
  const [email, setEmail] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<{ email?: string; code?: string }>({});

  async function run(kind: 'passkey' | 'code' | 'enrol', action: () => Promise<void>) {
    setBusy(kind);
    setError(undefined);
    setNotice(undefined);
    try {
      await action();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(undefined);
    }
  }

  function onPasskey() {
    void run('passkey', async () => {
      await signInWithPasskey();
      onSignedIn();
    });
  }

  function onAskCode(event: FormEvent) {
    event.preventDefault();
    const parsed = v.safeParse(staffCodeSchema, { email });
    if (!parsed.success) return setFieldError({ email: t.emailInvalid });
    setFieldError({});
    void run('code', async () => {
      setNotice(await askForCode(parsed.output.email));
      setCodeSentTo(parsed.output.email);
    });
  }

  function onEnrol(event: FormEvent) {
    event.preventDefault();
    const parsed = v.safeParse(staffEnrolOptionsSchema, { email: codeSentTo ?? '', code });
    if (!parsed.success) return setFieldError({ code: t.codeInvalid });
    setFieldError({});
    void run('enrol', async () => {
      await enrolWithCode(parsed.output.email, parsed.output.code);
      onSignedIn();
    });
  }

  return (
    <main className="desk-signin">
      <h1>{t.signinTitle}</h1>
      <p>{t.signinIntro}</p>
      {!supported && (
        <p className="desk-signin__error" role="alert">
          {t.noWebAuthn}
        </p>
      )}
      <p className="desk-signin__error" role="alert">
        {error}
      </p>
      <p className="desk-signin__notice" role="status">
        {notice}
      </p>
      <button type="button" className="button button--block" onClick={onPasskey} disabled={!supported || !!busy}>
        {busy === 'passkey' ? t.signingIn : t.signinWithPasskey}
      </button>

      <section className="desk-signin__first" aria-labelledby="desk-first-time">
        <h2 id="desk-first-time">{t.firstTimeTitle}</h2>
        {codeSentTo === undefined ? (
          <form onSubmit={onAskCode} noValidate>
            <p>{t.firstTimeIntro}</p>
            <PlainTextField
              id="desk-email"
              label={t.emailLabel}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onValueChange={setEmail}
              error={fieldError.email}
            />
            <button type="submit" className="button button--ghost button--block" disabled={!!busy}>
              {busy === 'code' ? t.sending : t.sendCode}
            </button>
          </form>
        ) : (
          <form onSubmit={onEnrol} noValidate>
            <PlainTextField
              id="desk-code"
              label={t.codeLabel}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              value={code}
              onValueChange={(typed) => setCode(typed.replace(/\D/g, ''))}
              error={fieldError.code}
            />
            <button type="submit" className="button button--block" disabled={!supported || !!busy}>
              {busy === 'enrol' ? t.enrolling : t.enrol}
            </button>
            <button
              type="button"
              className="button button--ghost button--block"
              onClick={() => {
                setCodeSentTo(undefined);
                setCode('');
              }}
            >
              {t.otherEmail}
            </button>
          </form>
        )}
      </section>
    </main>
  );
}
