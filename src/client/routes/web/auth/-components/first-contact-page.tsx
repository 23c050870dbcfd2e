import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FirstContactScreen } from '#client/features/contacts/first-contact/first-contact-screen.tsx';
import { useProfile } from '#client/api/profile.ts';
import { FirmConsentOffer } from '#client/features/profile/firm-consent/firm-consent-offer.tsx';

/**
 * After sign-up: the first contact, then the one offer to share alerts with the firm (skipped once
 * answered, or when the profile cannot be read: the switch in profile stays), then home.
 */
export function FirstContactPage() {
  const navigate = useNavigate();
  const profile = useProfile();
  const [step, setStep] = useState<'contact' | 'firm'>('contact');
  const goHome = () => void navigate({ to: '/web/home', replace: true });
  if (step === 'firm') return <FirmConsentOffer onDone={goHome} />;
  const offer = profile.data?.firm_consent_asked === false;
  return <FirstContactScreen onDone={offer ? () => setStep('firm') : goHome} />;
}
