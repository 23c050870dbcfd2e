import { Fragment, type ReactNode } from 'react';

/** One section of the terms: its title and its paragraph, in the reader's language. */
export interface TermsSection {
  title: string;
  text: ReactNode;
}

/**
 * The terms in any language: since when they apply, then the sections, numbered
 * here so that each language's file holds its own words and nothing else.
 */
export function TermsSections({ effective, sections }: { effective: string; sections: readonly TermsSection[] }) {
  return (
    <>
      <p className="muted">{effective}</p>
      {sections.map(({ title, text }, index) => (
        <Fragment key={title}>
          <h3>{`${index + 1}. ${title}`}</h3>
          <p>{text}</p>
        </Fragment>
      ))}
    </>
  );
}
