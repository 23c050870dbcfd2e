import { firmConsentTexts as texts } from '#shared/api/firm-consent.ts';
import { useFirmName } from '#client/lib/firm-name.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { useSetFirmConsentMutation } from '../api/set-firm-consent.ts';
import './firm-consent-offer.css';

/**
 * The one offer after signup: yes or 'Ahora no', either answer remembered by the server so it is
 * never offered again (profile keeps the switch). `onDone` goes on, whatever the answer or failure.
 */
export function FirmConsentOffer({ onDone }: { onDone: () => void }) {
  const firm = useFirmName();
  const save = useSetFirmConsentMutation();
  const answer = (share: boolean) =>
    save.mutate(
      { share },
      {
        onSuccess: (saved) => {
          if (saved.firm_consent) showToast({ message: texts.savedOn(firm), screen: '/web/home' });
          onDone();
        },
        // Offline or refused: the switch in profile stays for later; the person is not held here.
        onError: onDone,
      },
    );
  return (
    <>
      <h1>{texts.offerTitle(firm)}</h1>
      <p>{texts.explanation(firm)}</p>
      <p className="muted">Puedes cambiarlo cuando quieras en tu perfil.</p>
      <div className="firm-consent-offer__answers">
        <button type="button" className="button button--block" disabled={save.isPending} onClick={() => answer(true)}>
          {texts.offerYes}
        </button>
        <button
          type="button"
          className="button button--ghost button--block"
          disabled={save.isPending}
          onClick={() => answer(false)}
        >
          {texts.offerNo}
        </button>
      </div>
    </>
  );
}
