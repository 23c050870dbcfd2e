import { describe, expect, it } from 'vitest';
import { formatMoment } from '#shared/alert-moment.ts';
import { es } from '#shared/contact-texts/es.ts';

// What a contact reads in Spanish: plain words, one way of saying each thing.
describe('the Spanish a contact reads', () => {
  it("names the person's zone by its place, as people say it", () => {
    const at = new Date('2026-03-01T12:00:00Z');
    expect(formatMoment(at, 'America/New_York', es)).toMatch(/\(hora de Nueva York\)$/);
    expect(formatMoment(at, 'America/Mexico_City', es)).toMatch(/\(hora de Ciudad de México\)$/);
    expect(formatMoment(at, 'America/Guatemala', es)).toMatch(/\(hora de Guatemala\)$/);
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
