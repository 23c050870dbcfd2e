import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithValibot } from '@conform-to/valibot';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { codeDigitsSchema } from '#shared/api/auth.ts';
import { CODE_LENGTH } from '#shared/constants.ts';
import * as apiMessages from '#shared/api-messages.ts';
import { track } from '#client/lib/analytics.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { setAuth } from '#client/lib/session/session-store.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { useVerifyMutation } from '#client/api/auth.ts';
import { storeSessionAndChooseNext } from '../after-session.ts';
import { CodeBoxes } from './code-boxes.tsx';

interface Props {
  email: string;
  /** Counts toward 'Ir a Login' (SPEC.md section 4). */
  onServerError: () => void;
}

export function VerifyForm({ email, onServerError }: Props) {
  const navigate = useNavigate();
  const verify = useVerifyMutation();
  const [digits, setDigits] = useState<string[]>(() => Array<string>(CODE_LENGTH).fill(''));
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  // From the right code until the session is stored and the next screen shows: still busy, one press.
  const [entering, setEntering] = useState(false);
  const busy = verify.isPending || entering;
  const [form, fields] = useForm({
    id: 'verify',
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: codeDigitsSchema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      const code = Object.values(submission.value).join('');
      track('otp_entry');
      verify.mutate(
        { email, code },
        {
          onSuccess: (session) => {
            track('otp_verify');
            setEntering(true);
            void storeSessionAndChooseNext(session).then((next) => navigate({ to: next }));
          },
          onError: (error) => {
            // Not an error: the code is good, the person is new. Signup spends it.
            if (error instanceof ApiError && error.status === 404 && error.message === apiMessages.userNotRegistered) {
              track('otp_verify');
              setAuth({ code });
              void navigate({ to: '/web/auth/signup' });
              return;
            }
            onServerError();
            const codeError = error instanceof ApiError ? error.fieldErrors?.code?.[0] : undefined;
            showToast({
              message: codeError ?? (error instanceof Error ? error.message : String(error)),
              variant: 'danger',
            });
            setLastResult(submission.reply({ resetForm: false }));
          },
        },
      );
    },
  });

  // The fourth digit sends the code by itself: one less tap, and auto-filled codes just work.
  const wasComplete = useRef(false);
  useEffect(() => {
    const complete = digits.every((digit) => digit !== '');
    if (complete && !wasComplete.current && !busy) {
      (document.getElementById(form.id) as HTMLFormElement | null)?.requestSubmit();
    }
    wasComplete.current = complete;
  }, [digits, form.id, busy]);

  const boxes = [fields.d0, fields.d1, fields.d2, fields.d3];
  const firstError = boxes.find((meta) => meta.errors)?.errors?.[0];

  return (
    <form {...getFormProps(form)}>
      <CodeBoxes
        fields={boxes}
        digits={digits}
        onDigitsChange={setDigits}
        errorId="verify-code-error"
        error={firstError}
      />
      <button type="submit" className="button button--block" disabled={busy}>
        {busy ? 'Verificando…' : 'Verificar'}
      </button>
    </form>
  );
}
