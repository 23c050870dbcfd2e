import { useState } from 'react';

/**
 * One labelled on/off switch of the desk's header. While its change is being
 * saved it shows the position asked for (and takes no second press), so a
 * press is seen at once even though the saved state arrives later.
 */
export function DeskSwitch({
  label,
  hint,
  on,
  disabled = false,
  note,
  onToggle,
}: {
  label: string;
  hint: string;
  on: boolean;
  disabled?: boolean;
  /** Why the switch cannot be used, or why the last change failed. */
  note?: string | undefined;
  onToggle: (next: boolean) => Promise<unknown>;
}) {
  const [asked, setAsked] = useState<boolean>();
  const shown = asked ?? on;
  return (
    <>
      <label className="desk-layout__switch" title={hint}>
        <input
          type="checkbox"
          role="switch"
          checked={shown}
          aria-checked={shown}
          disabled={disabled || asked !== undefined}
          onChange={(event) => {
            const next = event.target.checked;
            setAsked(next);
            void onToggle(next)
              .catch(() => undefined)
              .finally(() => setAsked(undefined));
          }}
        />
        {label}
      </label>
      {note && (
        <p className="desk-layout__note" role="status">
          {note}
        </p>
      )}
    </>
  );
}
