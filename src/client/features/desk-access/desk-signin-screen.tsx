import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { staffCodeSchema, staffEnrolOptionsSchema } from '#shared/api/staff.ts';
import '#client/ui/form-controls.css';
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
  const [error, setError] = useState<string | undefined>();
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
            <div className="field">
              <label className="field__label" htmlFor="desk-email">
                {t.emailLabel}
              </label>
              <input
                id="desk-email"
                className="field__input"
                type="email"
                autoComplete="email"
                inputMode="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={fieldError.email ? true : undefined}
                aria-describedby="desk-email-error"
              />
              <p id="desk-email-error" className="field__error" aria-live="polite">
                {fieldError.email}
              </p>
            </div>
            <button type="submit" className="button button--ghost button--block" disabled={!!busy}>
              {busy === 'code' ? t.sending : t.sendCode}
            </button>
          </form>
        ) : (
          <form onSubmit={onEnrol} noValidate>
            <div className="field">
              <label className="field__label" htmlFor="desk-code">
                {t.codeLabel}
              </label>
              <input
                id="desk-code"
                className="field__input"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={4}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                aria-invalid={fieldError.code ? true : undefined}
                aria-describedby="desk-code-error"
              />
              <p id="desk-code-error" className="field__error" aria-live="polite">
                {fieldError.code}
              </p>
            </div>
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
