import { parseWithValibot } from '@conform-to/valibot';
import { describe, expect, it } from 'vitest';
import { checkInFormSchema } from '#client/features/check-in/check-in-form-schema.ts';

const now = new Date(2026, 10, 27, 10, 0);

function submit(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseWithValibot(formData, { schema: checkInFormSchema(now), disableAutoCoercion: true });
}

/** The messages each field would show. */
const errorsOf = (fields: Record<string, string>) => submit(fields).reply().error;

describe('the check-in form, read with the shared schema', () => {
  it('asks for the purpose and the time together when nothing is chosen', () => {
    expect(errorsOf({ place: '' })).toEqual({
      purpose: ['Elige para qué sales.'],
      due_choice: ['Elige a qué hora volverás.'],
    });
  });

  it('gives the shared schema’s messages for a time that passed, an unknown purpose and a place too long', () => {
    expect(errorsOf({ purpose: 'trabajo', due_choice: 'time', due_time: '09:00', due_day: 'today' })).toEqual({
      due_choice: ['La hora de vuelta ya pasó. Elige una hora futura.'],
    });
    expect(errorsOf({ purpose: 'fiesta', due_choice: 'time', due_time: '' })).toEqual({
      purpose: ['Elige para qué sales: cita de inmigración, audiencia, trabajo, viaje u otro.'],
      due_choice: ['Elige a qué hora volverás.'],
    });
    expect(errorsOf({ purpose: 'viaje', place: 'x'.repeat(201), due_choice: '1h' })).toEqual({
      place: ['El lugar puede tener hasta 200 caracteres.'],
    });
  });

  it('gives the purpose, the place trimmed and the deadline at the instant of the check', () => {
    const preset = submit({ purpose: 'audiencia', place: '  Corte de Miami ', due_choice: '2h' });
    expect(preset.status === 'success' && preset.value).toEqual({
      purpose: 'audiencia',
      place: 'Corte de Miami',
      due: new Date(2026, 10, 27, 12, 0),
    });
    const chosen = submit({ purpose: 'otro', due_choice: 'time', due_time: '08:30', due_day: 'tomorrow' });
    expect(chosen.status === 'success' && chosen.value).toEqual({
      purpose: 'otro',
      place: '',
      due: new Date(2026, 10, 28, 8, 30),
    });
  });
});
