import * as v from 'valibot';
import { checkInStartFields } from '#shared/api/check-ins.ts';
import { DUE_REQUIRED, PURPOSE_REQUIRED } from './check-in-form-texts.ts';
import { DUE_CHOICES, type DueChoice } from './due-time.ts';
import { readDue } from './due-value.ts';

const CHOICES: readonly string[] = [...DUE_CHOICES.map((option) => option.value), 'time'];

interface DueFields {
  due_choice: string;
  due_time: string;
  due_day: string;
}

/** The form's fields, as named in its markup. */
export interface CheckInFormFields extends DueFields {
  purpose: string;
  place: string;
}

export type CheckInFormValue = v.InferOutput<ReturnType<typeof checkInFormSchema>>;

/**
 * The check-in form (check-in-form.tsx): the shared schema's purpose and place, and the deadline
 * as the person chose it (due-chooser.tsx), read at `now` by the server's own rule
 * (`dueAtProblem`), so a message is the one the server would give. Made per validation, so the
 * check and the value read the same instant.
 */
export function checkInFormSchema(now: Date) {
  const readChosen = ({ due_choice, due_time, due_day }: DueFields) =>
    readDue(
      {
        choice: CHOICES.includes(due_choice) ? (due_choice as DueChoice) : '',
        time: due_time,
        day: due_day === 'tomorrow' ? 'tomorrow' : 'today',
      },
      now,
    );
  return v.pipe(
    v.object({
      // An empty choice is asked for in plain words; anything else gets the shared schema's message.
      purpose: v.pipe(
        v.optional(v.unknown(), ''),
        v.check((value) => value !== '', PURPOSE_REQUIRED),
        checkInStartFields.purpose,
      ),
      place: checkInStartFields.place,
      due_choice: v.optional(v.string(), ''),
      due_time: v.optional(v.string(), ''),
      due_day: v.optional(v.string(), 'today'),
    }),
    // Checked even when the purpose is missing, so the person reads both at once.
    v.forward(
      v.partialCheck(
        [['due_choice'], ['due_time'], ['due_day']],
        (input) => 'due' in readChosen(input),
        (issue) => {
          const read = readChosen(issue.input as DueFields);
          return 'error' in read ? read.error : DUE_REQUIRED;
        },
      ),
      ['due_choice'],
    ),
    v.transform(({ purpose, place, ...due }) => {
      const read = readChosen(due);
      return { purpose, place, due: 'due' in read ? read.due : null };
    }),
  );
}
