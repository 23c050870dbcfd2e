import type { ReactNode } from 'react';
import { Dialog } from './dialog.tsx';
import './steps-overlay.css';

/** One numbered step: what to do, and our own drawing of it. */
export type PictureStep = { image: string; alt: string; caption: string };

interface Props {
  title: string;
  /** Shown above the steps (a logo, a sentence). */
  intro?: ReactNode;
  steps: readonly PictureStep[];
  /** The folder of public/ that holds the drawings. */
  imageFolder: string;
  imageSize: { width: number; height: number };
  onClose: () => void;
}

/** A full-screen guide of numbered steps with pictures, closed by 'Salir' or Escape (help, install). */
export function StepsOverlay({ title, intro, steps, imageFolder, imageSize, onClose }: Props) {
  return (
    <Dialog
      fullScreen
      title={title}
      onDismiss={onClose}
      actions={
        <button type="button" className="button button--block" onClick={onClose}>
          Salir
        </button>
      }
    >
      {intro}
      {/* role="list": Safari drops the list semantics of a list without bullets. */}
      <ol className="picture-steps" role="list">
        {steps.map((step, index) => (
          <li key={step.image} className="picture-step">
            <p>
              <strong className="picture-step__number">Paso {index + 1}</strong>
              {step.caption}
            </p>
            <img src={`${import.meta.env.BASE_URL}${imageFolder}/${step.image}`} alt={step.alt} {...imageSize} />
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
