import { usePinsSet } from '#client/api/profile.ts';
import { ForgotPins } from './forgot-pins.tsx';
import { RemovePinsForm } from './remove-pins-form.tsx';
import { SetPinsForm } from './set-pins-form.tsx';
import { PINS_EXPLAIN, PINS_OFF, PINS_ON, PINS_TITLE } from './pins-texts.ts';
import './pins.css';

/** The two optional PINs in profile; `id="pins"` is where 'Olvidé mi PIN' leads. */
export function PinsSection() {
  const pinsSet = usePinsSet();
  return (
    <section id="pins" className="pins" aria-labelledby="pins-title">
      <h2 id="pins-title">{PINS_TITLE}</h2>
      <p>{PINS_EXPLAIN}</p>
      <p className="pins__state">{pinsSet ? PINS_ON : PINS_OFF}</p>
      {pinsSet ? (
        <>
          <SetPinsForm change />
          <h3>Quitar PIN</h3>
          <RemovePinsForm />
          <ForgotPins />
        </>
      ) : (
        <SetPinsForm change={false} />
      )}
    </section>
  );
}
