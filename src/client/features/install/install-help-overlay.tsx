import { Dialog } from '#client/ui/dialog.tsx';
import './install-help.css';

const STEPS = [
  {
    image: 'step-1-share.svg',
    alt: 'Barra inferior de Safari con el botón Compartir marcado en rojo.',
    caption: 'En Safari, toca el botón Compartir: el cuadrado con una flecha hacia arriba.',
  },
  {
    image: 'step-2-add-to-home.svg',
    alt: 'Menú Compartir con la opción «Agregar a pantalla de inicio» marcada en rojo.',
    caption: 'Desliza el menú hacia arriba y toca «Agregar a pantalla de inicio» (en algunos iPhone dice «Agregar a inicio»).',
  },
  {
    image: 'step-3-confirm.svg',
    alt: 'Pantalla de confirmación con el nombre Pánico SOS y el botón Agregar marcado en rojo.',
    caption: 'Toca «Agregar», arriba a la derecha.',
  },
  {
    image: 'step-4-home-screen.svg',
    alt: 'Pantalla de inicio del iPhone con el ícono de Pánico SOS entre las demás aplicaciones.',
    caption: 'Listo: abre la aplicación desde el ícono «Pánico SOS» de tu pantalla de inicio.',
  },
];

/** iOS has no install prompt: four pictures of Safari's own steps, full screen. */
export function InstallHelpOverlay({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      fullScreen
      title="Instala la aplicación en tu iPhone o iPad"
      onDismiss={onClose}
      actions={
        <button type="button" className="button button--block" onClick={onClose}>
          Salir
        </button>
      }
    >
      <p>Con la aplicación en tu pantalla de inicio, el botón SOS está siempre a un toque.</p>
      <ol className="install-help__steps">
        {STEPS.map((step) => (
          <li key={step.image} className="install-help__step">
            <figure className="install-help__figure">
              <figcaption>{step.caption}</figcaption>
              <img src={`${import.meta.env.BASE_URL}install/${step.image}`} alt={step.alt} width={240} height={240} />
            </figure>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
