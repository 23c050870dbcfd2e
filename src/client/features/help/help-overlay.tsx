import { Dialog } from '#client/ui/dialog.tsx';
import { Logo } from '#client/ui/logo.tsx';
import { HELP_STEPS } from './help-steps.ts';
import './help-overlay.css';

/** Full-screen help: how the app works in 5 pictures, with the logo and 'Salir'. Escape closes it too. */
export function HelpOverlay({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      fullScreen
      title="¿Cómo funciona?"
      onDismiss={onClose}
      actions={
        <button type="button" className="button button--block" onClick={onClose}>
          Salir
        </button>
      }
    >
      <div className="help-overlay__logo">
        <Logo size={64} />
      </div>
      {/* role="list": Safari drops the list semantics of a list without bullets. */}
      <ol className="help-steps" role="list">
        {HELP_STEPS.map((step, index) => (
          <li key={step.image} className="help-step">
            <img src={`${import.meta.env.BASE_URL}help/${step.image}`} alt={step.alt} width={240} height={180} />
            <p>
              <strong className="help-step__number">Paso {index + 1}</strong>
              {step.caption}
            </p>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
