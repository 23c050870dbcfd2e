// What the person typed into a form that is still on the page: an update's reload would lose it.
// Input and change events bubble to the document from every field, controlled or not (the phone
// field included), so one listener sees every form without each form having to report.

const edited = new WeakSet<HTMLFormElement>();

function onEdit(event: Event): void {
  const { target } = event;
  // A hidden input is changed by code (a field control mirroring its visible input), never by a person.
  if (!(target instanceof Element) || (target instanceof HTMLInputElement && target.type === 'hidden')) return;
  const form = target.closest('form');
  if (form) edited.add(form);
}

/** Notes each form the person types into, for as long as that form is on the page. Returns the stop. */
export function watchUnsavedInput(doc: Document = document): () => void {
  doc.addEventListener('input', onEdit, true);
  doc.addEventListener('change', onEdit, true);
  return () => {
    doc.removeEventListener('input', onEdit, true);
    doc.removeEventListener('change', onEdit, true);
  };
}

/** A form on the page holds what the person typed (a form that was left is gone with its input). */
export function hasUnsavedInput(doc: Document = document): boolean {
  return Array.from(doc.forms).some((form) => edited.has(form));
}
