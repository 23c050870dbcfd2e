import { createStore } from '../create-store.ts';

/** One question for the PIN, answered by the PIN prompt on screen (src/client/ui/pin-prompt.tsx). */
export interface PinQuestion {
  id: number;
  /** Sends the action again with this PIN; resolves with the refusal to show in the dialog, or null when done. */
  submit: (pin: string) => Promise<string | null>;
  cancel: () => void;
  /** Why the PIN is asked, as the server named it (an alert or a check-in on); else the prompt's own. */
  hint?: string;
}

// A queue, not one slot: two guarded actions at once each get their own question, one after the other.
const store = createStore<readonly PinQuestion[]>(() => []);
let nextId = 1;

export const getPinQuestions = store.get;
export const subscribePinQuestions = store.subscribe;

/** Opens a question; `answers` gets the function that closes it. */
export function askPin(answers: (close: () => void) => Omit<PinQuestion, 'id'>): void {
  const id = nextId++;
  const close = () => store.set(store.get().filter((question) => question.id !== id));
  store.set([...store.get(), { id, ...answers(close) }]);
}
