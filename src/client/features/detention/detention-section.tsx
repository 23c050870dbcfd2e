import { useState } from 'react';
import { useDetentionInfo } from '#client/api/detention-info.ts';
import { DeleteDetentionButton } from './delete-detention-button.tsx';
import { DetentionForm } from './detention-form.tsx';
import { DETENTION_TITLE, DETENTION_WHO, DETENTION_WHY } from './detention-texts.ts';
import './detention.css';

/** 'Si me detienen' in profile. */
export function DetentionSection() {
  const info = useDetentionInfo();
  // A new form after a deletion, so the emptied fields show.
  const [generation, setGeneration] = useState(0);
  return (
    <section className="detention" aria-labelledby="detention-title">
      <h2 id="detention-title">{DETENTION_TITLE}</h2>
      <p>{DETENTION_WHY}</p>
      <p className="detention__who">{DETENTION_WHO}</p>
      {info.data ? (
        <>
          <DetentionForm key={generation} info={info.data} />
          <DeleteDetentionButton onDeleted={() => setGeneration((value) => value + 1)} />
        </>
      ) : info.isError ? (
        <>
          <p>No pudimos cargar tu información. Revisa tu conexión e inténtalo de nuevo.</p>
          <button type="button" className="button" onClick={() => void info.refetch()}>
            Intentar de nuevo
          </button>
        </>
      ) : (
        <p className="muted">Cargando…</p>
      )}
    </section>
  );
}
