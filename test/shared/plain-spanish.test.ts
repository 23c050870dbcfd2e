import { describe, expect, it } from 'vitest';
import { formatMoment } from '#shared/alert-moment.ts';
import { contactTexts } from '#shared/contact-texts/index.ts';
import { es } from '#shared/contact-texts/es.ts';
import { LANGUAGES } from '#shared/language.ts';

// What a contact reads in Spanish: plain words, one way of saying each thing.
describe('the Spanish a contact reads', () => {
  it("names the person's zone by its place, as people say it", () => {
    const at = new Date('2026-03-01T12:00:00Z');
    expect(formatMoment(at, 'America/New_York', es)).toMatch(/\(hora de Nueva York\)$/);
    expect(formatMoment(at, 'America/Mexico_City', es)).toMatch(/\(hora de Ciudad de México\)$/);
    expect(formatMoment(at, 'America/Guatemala', es)).toMatch(/\(hora de Guatemala\)$/);
  });

  it("never says 'UTC' to a person, in any language, and leaves the reader's own zone unsaid", () => {
    const at = new Date('2026-03-01T12:00:00Z');
    const universal = LANGUAGES.flatMap((language) =>
      ['UTC', 'Etc/UTC', 'GMT', 'Etc/GMT'].map((zone) => formatMoment(at, zone, contactTexts(language))),
    );
    expect(universal.filter((moment) => /UTC|GMT/.test(moment))).toEqual([]);
    expect(formatMoment(at, 'UTC', es)).toBe('domingo, 1 de marzo de 2026, 12:00 (hora universal)');
    expect(formatMoment(at, 'America/New_York', es, 'America/New_York')).toBe('domingo, 1 de marzo de 2026, 7:00');
    expect(formatMoment(at, 'America/New_York', es, 'America/Chicago')).toBe(
      'domingo, 1 de marzo de 2026, 7:00 (hora de Nueva York)',
    );
  });

  it("speaks of the person's organisation without 'le acompaña'", () => {
    const texts = [es.todoFamily, es.reminderTodo('Ana', '+13055550123'), es.duressTodo('Ana')];
    for (const text of texts) {
      expect(text).toContain('la organización que lleva su caso');
      expect(text).not.toContain('acompaña');
    }
  });

  it('heads the list of deliveries without repeating its lines', () => {
    expect(es.whoReceived).toBe('Cómo le llegó la alerta a cada contacto:');
  });
});
