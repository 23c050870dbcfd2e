import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithValibot } from '@conform-to/valibot';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { signupFormSchema } from '#shared/api/auth.ts';
import { track } from '#client/lib/analytics.ts';
import { useAuth } from '#client/lib/session/use-session.ts';
import { PhoneField } from '#client/ui/phone-field.tsx';
import { replyWithServerError } from '#client/ui/server-errors.ts';
import { TextField } from '#client/ui/text-field.tsx';
import { useSignupMutation } from '#client/api/auth.ts';
import { storeSessionAndChooseNext } from '../after-session.ts';
import { TermsCheckbox } from './terms-checkbox.tsx';

export interface TermsRenderProps {
  onAccept: () => void;
  onClose: () => void;
}

interface Props {
  /** The terms screen belongs to another feature: the route hands it in. */
  renderTerms: (props: TermsRenderProps) => ReactNode;
}

export function SignupForm({ renderTerms }: Props) {
  const navigate = useNavigate();
  const { email, code } = useAuth();
  const signup = useSignupMutation();
  const [termsOpen, setTermsOpen] = useState(false);
  const [termsChecked, setTermsChecked] = useState(false);
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  // From the account made until the session is stored and the next screen shows: still busy, one press.
  const [entering, setEntering] = useState(false);
  const busy = signup.isPending || entering;
  const [form, fields] = useForm({
    id: 'signup',
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: signupFormSchema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      signup.mutate(
        { email, code, ...submission.value, terms: true },
        {
          onSuccess: (session) => {
            track('sign_up');
            setEntering(true);
            void storeSessionAndChooseNext(session).then((next) => navigate({ to: next }));
          },
          onError: (error) =>
            setLastResult(replyWithServerError(submission, error, ['firstname', 'lastname', 'phone', 'terms'])),
        },
      );
    },
  });

  const termsName = fields.terms.name;
  const termsRefused = Boolean(fields.terms.errors?.length);
  // Ticked by 'Aceptar' in the terms rather than by the box itself, no input event asks the form to
  // check the box again: its 'Debes aceptar' would stay under a ticked box until the next submit.
  useEffect(() => {
    if (termsChecked && termsRefused) form.validate({ name: termsName });
  }, [termsChecked, termsRefused, termsName, form]);

  return (
    <>
      <form {...getFormProps(form)}>
        <TextField label="Nombres" meta={fields.firstname} autoComplete="given-name" />
        <TextField label="Apellidos" meta={fields.lastname} autoComplete="family-name" />
        <PhoneField label="Teléfono" meta={fields.phone} />
        <TermsCheckbox
          meta={fields.terms}
          checked={termsChecked}
          onCheckedChange={setTermsChecked}
          onOpenTerms={() => setTermsOpen(true)}
        />
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? 'Creando cuenta…' : 'Crear cuenta'}
        </button>
      </form>
      {termsOpen &&
        renderTerms({
          onAccept: () => {
            setTermsChecked(true);
            setTermsOpen(false);
          },
          onClose: () => setTermsOpen(false),
        })}
    </>
  );
}
