import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { StaffSignedIn } from '#shared/api/staff.ts';
import { deskRequest, keepDeskSession } from '#client/lib/desk/desk-session.ts';
import { deskAccessTexts as t } from './desk-access-texts.ts';

/** A refusal the person can act on: the browser's own messages are English and technical. */
export class PasskeyError extends Error {}

function plainError(error: unknown): Error {
  // NotAllowedError: the prompt was cancelled or timed out.
  if (error instanceof WebAuthnError || (error instanceof DOMException && error.name === 'NotAllowedError'))
    return new PasskeyError(t.passkeyCancelled);
  return error instanceof Error ? error : new Error(String(error));
}

/** Sign in with a passkey the browser holds for the desk: no address asked. */
export async function signInWithPasskey(): Promise<StaffSignedIn> {
  const { ticket, options } = await deskRequest<{ ticket: string; options: PublicKeyCredentialRequestOptionsJSON }>(
    'POST',
    '/desk/access/signin-options',
  );
  let answer;
  try {
    answer = await startAuthentication({ optionsJSON: options });
  } catch (error) {
    throw plainError(error);
  }
  const signedIn = await deskRequest<StaffSignedIn>('POST', '/desk/access/signin', { ticket, answer });
  keepDeskSession(signedIn);
  return signedIn;
}

export function askForCode(email: string): Promise<string> {
  return deskRequest<string>('POST', '/desk/access/code', { email });
}

/** The e-mailed code, then the first passkey of this address. */
export async function enrolWithCode(email: string, code: string): Promise<StaffSignedIn> {
  const { ticket, options } = await deskRequest<{ ticket: string; options: PublicKeyCredentialCreationOptionsJSON }>(
    'POST',
    '/desk/access/enrol-options',
    { email, code },
  );
  let answer;
  try {
    answer = await startRegistration({ optionsJSON: options });
  } catch (error) {
    throw plainError(error);
  }
  const signedIn = await deskRequest<StaffSignedIn>('POST', '/desk/access/enrol', { ticket, answer });
  keepDeskSession(signedIn);
  return signedIn;
}
