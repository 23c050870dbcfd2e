import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithValibot } from '@conform-to/valibot';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { signinSchema } from '#shared/api/auth.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { setAuth } from '#client/lib/session/session-store.ts';
import { TextField } from '#client/ui/text-field.tsx';
import { replyWithServerError } from '#client/ui/server-errors.ts';
import { useSigninMutation } from '#client/api/auth.ts';

export function SigninForm() {
  const navigate = useNavigate();
  const signin = useSigninMutation();
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [form, fields] = useForm({
    id: 'signin',
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: signinSchema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      const { email } = submission.value;
      signin.mutate(
        { email },
        {
          onSuccess: () => goToVerify(email),
          onError: (error) => {
            // 409: a code went out less than a minute ago; it is still good.
            if (error instanceof ApiError && error.status === 409) goToVerify(email);
            else setLastResult(replyWithServerError(submission, error, ['email']));
          },
        },
      );
    },
  });

  function goToVerify(email: string) {
    setAuth({ email, code: '' });
    void navigate({ to: '/web/auth/verify' });
  }

  return (
    <form {...getFormProps(form)}>
      <TextField label="Correo electrónico" meta={fields.email} type="email" autoComplete="email" inputMode="email" />
      <button type="submit" className="button button--block" disabled={signin.isPending}>
        {signin.isPending ? 'Enviando…' : 'Continuar'}
      </button>
    </form>
  );
}
