import { useSyncExternalStore } from 'react';
import { PIN_GUARD_HINT, PIN_GUARD_TITLE } from '#client/lib/pins/pin-guard-texts.ts';
import { getPinQuestions, subscribePinQuestions } from '#client/lib/pins/pin-prompt-store.ts';
import { PinDialog } from './pin-dialog.tsx';

/**
 * The one PIN prompt of every guarded action (src/client/lib/pins/pin-guarded-request.ts),
 * over whatever screen asked: the oldest open question first.
 */
export function PinPrompt() {
  const question = useSyncExternalStore(subscribePinQuestions, getPinQuestions)[0];
  if (!question) return null;
  return (
    <PinDialog
      // A new question starts from an empty field and no message.
      key={question.id}
      title={PIN_GUARD_TITLE}
      hint={question.hint ?? PIN_GUARD_HINT}
      onSubmit={question.submit}
      onCancel={question.cancel}
    />
  );
}
