import { describe, expect, it } from 'vitest';
import { phoneMessage } from '#shared/phone-message-texts.ts';

// What the person's own phone prepares (SMS, WhatsApp, share sheet): in the contact's language;
// one SMS to contacts of several languages says it in each, with the map once.

const MAP = 'https://www.openstreetmap.org/?mlat=19.4326&mlon=-99.1332#map=17/19.4326/-99.1332';

describe("the phone's own message to contacts", () => {
  it('says it in the one language of its readers', () => {
    expect(phoneMessage('Rosa', MAP)).toBe(`Soy Rosa. Estoy en riesgo y necesito ayuda. Mi ubicación: ${MAP}`);
    expect(phoneMessage('Rosa', MAP, ['en'])).toBe(`This is Rosa. I'm in danger and I need help. My location: ${MAP}`);
    expect(phoneMessage('Rosa', MAP, ['pt', 'pt'])).toBe(
      `Aqui é Rosa. Estou em perigo e preciso de ajuda. Minha localização: ${MAP}`,
    );
    expect(phoneMessage('Rosa', null, ['ht'])).toBe('Se Rosa. Mwen an danje, mwen bezwen èd.');
    expect(phoneMessage('', null, ['es'])).toBe('Estoy en riesgo y necesito ayuda.');
  });

  it('says it in each language of a mixed group, Spanish first, with the map once', () => {
    expect(phoneMessage('Rosa', MAP, ['ht', 'es', 'ht'])).toBe(
      [
        'Soy Rosa. Estoy en riesgo y necesito ayuda.',
        'Se Rosa. Mwen an danje, mwen bezwen èd.',
        `Mi ubicación / Kote mwen ye: ${MAP}`,
      ].join('\n'),
    );
  });

  it('falls back to Spanish when no language is known', () => {
    expect(phoneMessage('Rosa', null, [])).toBe('Soy Rosa. Estoy en riesgo y necesito ayuda.');
  });
});
