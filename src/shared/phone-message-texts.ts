import { LANGUAGES, type Language } from './language.ts';

// What the person's own phone prepares for their contacts (the SMS, the WhatsApp
// chat, the share sheet), in each contact's language. Small on purpose: home's
// first download carries it (src/client/features/sos/sms).

type PhoneMessageTexts = {
  iAm: (name: string) => string;
  inDanger: string;
  myLocation: string;
};

const texts: Record<Language, PhoneMessageTexts> = {
  es: { iAm: (name) => `Soy ${name}.`, inDanger: 'Estoy en riesgo y necesito ayuda.', myLocation: 'Mi ubicación:' },
  en: { iAm: (name) => `This is ${name}.`, inDanger: "I'm in danger and I need help.", myLocation: 'My location:' },
  pt: {
    iAm: (name) => `Aqui é ${name}.`,
    inDanger: 'Estou em perigo e preciso de ajuda.',
    myLocation: 'Minha localização:',
  },
  ht: { iAm: (name) => `Se ${name}.`, inDanger: 'Mwen an danje, mwen bezwen èd.', myLocation: 'Kote mwen ye:' },
};

/**
 * 'Soy Rosa. Estoy en riesgo y necesito ayuda. Mi ubicación: https://…' in one language;
 * one SMS to contacts of several languages says it in each (Spanish first), with the map once.
 */
export function phoneMessage(name: string, mapLink: string | null, languages: readonly Language[] = ['es']): string {
  const chosen = LANGUAGES.filter((language) => languages.includes(language));
  const used = chosen.length > 0 ? chosen : (['es'] as const);
  const sentence = (t: PhoneMessageTexts) => `${name ? `${t.iAm(name)} ` : ''}${t.inDanger}`;
  if (used.length === 1) {
    const t = texts[used[0]!];
    return `${sentence(t)}${mapLink ? ` ${t.myLocation} ${mapLink}` : ''}`;
  }
  const lines = used.map((language) => sentence(texts[language]));
  if (mapLink)
    lines.push(`${used.map((language) => texts[language].myLocation.replace(/:$/, '')).join(' / ')}: ${mapLink}`);
  return lines.join('\n');
}
