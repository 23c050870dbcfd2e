import { PIN_HEADER, pinGuardHints, pinMessages } from '#shared/api/pins.ts';
import { json, type Call } from './fetch-stub.ts';

export const PIN = '2468';
export const DURESS_PIN = '1357';

type Handler = (call: Call) => Response | Promise<Response>;

/**
 * One route as the server's seized-phone guard answers it while the person's alert
 * is on (src/server/pins/seized-phone-guard.ts, docs/security.md): no PIN, 422
 * 'Escribe tu PIN.' on `pin`; a wrong one, 422 'PIN incorrecto.'; the real PIN, the
 * route itself; the duress PIN, the route's success reply with nothing changed.
 */
export function duringAlert(real: Handler, pretend: Handler, on: keyof typeof pinGuardHints = 'alert'): Handler {
  return (call) => {
    const pin = call.headers[PIN_HEADER];
    if (pin === PIN) return real(call);
    if (pin === DURESS_PIN) return pretend(call);
    const message = pin ? pinMessages.pinWrong : pinMessages.pinRequired;
    return json(422, { success: false, message, errors: { pin: [message] }, notice: pinGuardHints[on] });
  };
}

/** The guard's answer with no PINs set: the action waits for the end of the alert. */
export const refusedWithoutPins: Handler = () => json(409, { success: false, message: pinMessages.alertActive });

/** The PIN each call of `method url` carried (undefined: none), in order. */
export function pinsSent(calls: Call[], method: string, url: string): (string | undefined)[] {
  return calls.filter((call) => call.method === method && call.url === url).map((call) => call.headers[PIN_HEADER]);
}
