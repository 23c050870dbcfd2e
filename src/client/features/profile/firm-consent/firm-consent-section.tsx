import { firmConsentTexts as texts } from '#shared/api/firm-consent.ts';
import type { Profile } from '#shared/api/profile.ts';
import { useFirmName } from '#client/lib/firm-name.ts';
import { useSavedOnChange } from '#client/ui/use-saved-on-change.ts';
import { useSetFirmConsentMutation } from '../api/set-firm-consent.ts';
import '#client/ui/form-controls.css';

type Choices = { sharing: boolean; detention: boolean };

const choicesOf = (profile: Profile): Choices => ({
  sharing: profile.firm_consent === true,
  detention: profile.firm_detention_info === true,
});
const sameChoices = (a: Choices, b: Choices) => a.sharing === b.sharing && a.detention === b.detention;

/**
 * 'Compartir mis alertas con {FIRM_NAME}' in profile: off until the person turns it on, saved as
 * soon as it changes. Turning it off during an alert asks for the PIN (the request does).
 */
export function FirmConsentSection({ profile }: { profile: Profile }) {
  const firm = useFirmName();
  const { shown, saving, change } = useSavedOnChange({
    saved: choicesOf(profile),
    same: sameChoices,
    mutation: useSetFirmConsentMutation(),
    picked: ({ share, detention_info }): Choices => ({ sharing: share, detention: detention_info ?? false }),
    answered: choicesOf,
    savedMessage: (saved) => (saved.firm_consent ? texts.savedOn(firm) : texts.savedOff(firm)),
  });
  const { sharing, detention } = shown;
  return (
    <section className="firm-consent" aria-labelledby="firm-consent-title">
      <h2 id="firm-consent-title">{firm}</h2>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            role="switch"
            checked={sharing}
            disabled={saving}
            aria-describedby="firm-consent-hint"
            onChange={(event) => change({ share: event.target.checked })}
          />
          <span>{texts.switchLabel(firm)}</span>
        </label>
        <p id="firm-consent-hint" className="muted">
          {texts.explanation(firm)}
        </p>
      </div>
      {sharing && (
        <div className="field">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={detention}
              disabled={saving}
              onChange={(event) => change({ share: true, detention_info: event.target.checked })}
            />
            <span>{texts.detentionLabel(firm)}</span>
          </label>
        </div>
      )}
    </section>
  );
}
