import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithValibot } from '@conform-to/valibot';
import { useRef, useState } from 'react';
import { contactInputSchema, type Contact } from '#shared/api/contacts.ts';
import { KINSHIP_PLACEHOLDER, KINSHIPS } from '#shared/kinship.ts';
import { PhoneField } from '#client/ui/phone-field.tsx';
import { SelectField } from '#client/ui/select-field.tsx';
import { replyWithServerError } from '#client/ui/server-errors.ts';
import { TextField } from '#client/ui/text-field.tsx';
import { useCreateContactMutation } from '#client/api/contact-changes.ts';
import { LanguageChoice } from '../language-choice/language-choice.tsx';
import { useRoomAtTheFold } from '#client/ui/room-at-the-fold.ts';

const FIELDS = ['firstname', 'lastname', 'email', 'phone', 'kinship'] as const;

interface Props {
  onCreated: (contact: Contact) => void;
}

/**
 * The first-contact and add-contact form. A 422 puts the first message of each
 * field on the field; any other failure is a danger notice.
 */
export function ContactForm({ onCreated }: Props) {
  const create = useCreateContactMutation();
  const formElement = useRef<HTMLFormElement>(null);
  useRoomAtTheFold(formElement);
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [form, fields] = useForm({
    id: 'contact',
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: contactInputSchema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      create.mutate(submission.value, {
        onSuccess: onCreated,
        onError: (error) => setLastResult(replyWithServerError(submission, error, FIELDS)),
      });
    },
  });

  // The contact's details, not the person's own: the browser must not fill in the person's name.
  return (
    <form ref={formElement} {...getFormProps(form)}>
      <TextField label="Nombres" meta={fields.firstname} autoComplete="off" />
      <TextField label="Apellidos" meta={fields.lastname} autoComplete="off" />
      <TextField label="Correo electrónico" meta={fields.email} type="email" inputMode="email" autoComplete="off" />
      <PhoneField label="Teléfono" meta={fields.phone} autoComplete="off" />
      <SelectField label="Parentesco" meta={fields.kinship} placeholder={KINSHIP_PLACEHOLDER} options={KINSHIPS} />
      <LanguageChoice name={fields.language.name} defaultValue="es" />
      <button type="submit" className="button button--block" disabled={create.isPending}>
        {create.isPending ? 'Guardando…' : 'Guardar contacto'}
      </button>
    </form>
  );
}
