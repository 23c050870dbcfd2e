import { Logo } from '#client/ui/logo.tsx';
import { StepsOverlay } from '#client/ui/steps-overlay.tsx';
import { HELP_STEPS } from './help-steps.ts';
import './help-overlay.css';

/** Full-screen help: how the app works in 8 pictures (the check-in, the PIN and 'Si me detienen' after SPEC.md's five), with the logo and 'Salir'. Escape closes it too. */
export function HelpOverlay({ onClose }: { onClose: () => void }) {
  const logo = (
    <div className="help-overlay__logo">
      <Logo size={64} />
    </div>
  );
  return (
    <StepsOverlay
      title="¿Cómo funciona?"
      intro={logo}
      steps={HELP_STEPS}
      imageFolder="help"
      imageSize={{ width: 240, height: 180 }}
      onClose={onClose}
    />
  );
}
