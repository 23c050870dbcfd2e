import { dueAtProblem } from '#shared/api/check-ins.ts';
import { DUE_REQUIRED } from './check-in-form-texts.ts';
import type { DueValue } from './due-chooser.tsx';
import { dueAt } from './due-time.ts';

/** The deadline chosen, or the Spanish reason it cannot be used. */
export function readDue(value: DueValue, now: Date): { due: Date } | { error: string } {
  if (value.choice === '') return { error: DUE_REQUIRED };
  const due = dueAt(value.choice, now, value.time, value.day);
  if (!due) return { error: DUE_REQUIRED };
  // The server's own rule (future, at most 48 hours ahead), so the message is the one it would give.
  const problem = dueAtProblem(due.toISOString(), now);
  return problem ? { error: problem } : { due };
}
