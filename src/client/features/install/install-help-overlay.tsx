import { StepsOverlay, type PictureStep } from '#client/ui/steps-overlay.tsx';

const STEPS: PictureStep[] = [
  {
    image: 'step-1-share.svg',
    alt: 'Barra inferior de Safari con el botón Compartir marcado en rojo.',
    caption: 'En Safari, toca el botón Compartir: el cuadrado con una flecha hacia arriba.',
  },
  {
    image: 'step-2-add-to-home.svg',
    alt: 'Menú Compartir con la opción «Agregar a pantalla de inicio» marcada en rojo.',
    caption:
      'Desliza el menú hacia arriba y toca «Agregar a pantalla de inicio» (en algunos iPhone dice «Agregar a inicio»).',
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
    <StepsOverlay
      title="Instala la aplicación en tu iPhone o iPad"
      intro={<p>Con la aplicación en tu pantalla de inicio, el botón SOS está siempre a un toque.</p>}
      steps={STEPS}
      imageFolder="install"
      imageSize={{ width: 240, height: 240 }}
      onClose={onClose}
    />
  );
}
