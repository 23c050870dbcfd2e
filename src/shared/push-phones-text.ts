// Apart from delivery-texts.ts: home's contact card shows it, and home's first download (src/client/home-first-download.ts)
// takes a shared module whole, so the alert screens' delivery lines would come with it.

/** On a contact's card and page: their phones with alert notifications on (Web Push). */
export function pushPhonesText(phones: number): string {
  return phones === 1 ? 'Avisos activados en su teléfono' : `Avisos activados en ${phones} teléfonos`;
}
