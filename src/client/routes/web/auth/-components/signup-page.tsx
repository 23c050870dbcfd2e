import { SignupScreen } from '#client/features/auth/signup/signup-screen.tsx';
import { TermsScreen } from '#client/features/legal/terms-screen.tsx';

/** Signup shows the terms of the legal feature; features do not import each other, so they meet here. */
export function SignupPage() {
  return <SignupScreen renderTerms={(props) => <TermsScreen {...props} />} />;
}
