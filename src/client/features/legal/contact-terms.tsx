import type { ReactNode } from 'react';
import type { Language } from '#shared/language.ts';
import { TermsTextContactEs } from './terms-text-contact-es.tsx';
import { TermsTextEn } from './terms-text-en.tsx';
import { TermsTextHt } from './terms-text-ht.tsx';
import { TermsTextPt } from './terms-text-pt.tsx';

/**
 * The terms a contact reads, in each contact language (a language left out fails the type
 * check): in the invitation's terms screen and on their own page (/web/active/terms).
 */
export const CONTACT_TERMS: Record<Language, () => ReactNode> = {
  es: () => <TermsTextContactEs />,
  en: () => <TermsTextEn />,
  pt: () => <TermsTextPt />,
  ht: () => <TermsTextHt />,
};
