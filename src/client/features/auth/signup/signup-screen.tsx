import { SignupForm, type TermsRenderProps } from './signup-form.tsx';
import type { ReactNode } from 'react';
import './signup.css';

export function SignupScreen({ renderTerms }: { renderTerms: (props: TermsRenderProps) => ReactNode }) {
  return (
    <>
      <h1>Completa tus datos</h1>
      <p className="muted">Es la primera vez que entras. Cuéntanos quién eres.</p>
      <SignupForm renderTerms={renderTerms} />
    </>
  );
}
