import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithValibot } from '@conform-to/valibot';
import { useState } from 'react';
import { profileUpdateSchema, type Profile } from '#shared/api/profile.ts';
import * as apiMessages from '#shared/api-messages.ts';
import { PhoneField } from '#client/ui/phone-field.tsx';
import { replyWithServerError } from '#client/ui/server-errors.ts';
import { TextField } from '#client/ui/text-field.tsx';
import { showToast } from '#client/ui/toast-store.ts';
import { useUpdateProfileMutation } from '#client/api/profile.ts';

const FIELDS = ['firstname', 'lastname', 'phone'] as const;

export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfileMutation();
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [form, fields] = useForm({
    id: 'profile',
    lastResult,
    defaultValue: {
      email: profile.email,
      firstname: profile.firstname,
      lastname: profile.lastname,
      phone: profile.phone,
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: profileUpdateSchema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      // The disabled e-mail is not in the form data; it is the sign-in identity and goes back unchanged.
      update.mutate(
        { ...submission.value, email: profile.email },
        {
          onSuccess: () => showToast({ message: apiMessages.profileUpdated }),
          onError: (error) => setLastResult(replyWithServerError(submission, error, FIELDS)),
        },
      );
    },
  });

  return (
    <form {...getFormProps(form)}>
      <TextField label="Correo electrónico" meta={fields.email} type="email" disabled />
      <TextField label="Nombres" meta={fields.firstname} autoComplete="given-name" />
      <TextField label="Apellidos" meta={fields.lastname} autoComplete="family-name" />
      <PhoneField label="Teléfono" meta={fields.phone} />
      <button type="submit" className="button button--block" disabled={update.isPending}>
        {update.isPending ? 'Guardando…' : 'Guardar cambios'}
      </button>
    </form>
  );
}
