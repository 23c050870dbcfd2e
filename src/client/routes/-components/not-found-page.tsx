import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NOT_FOUND_REDIRECT_MS } from '#shared/constants.ts';
import { useLinkLanguage } from '#client/lib/contact-language/use-link-language.ts';
import './not-found-page.css';

/** SPEC.md section 2: any unknown path; leads back to signin by itself after 20 s. In a contact's link's language. */
export function NotFoundPage() {
  const navigate = useNavigate();
  const { texts } = useLinkLanguage();
  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to: '/web/auth/signin', replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <main className="centered-page">
      <div>
        <p className="error-code" aria-hidden="true">
          404
        </p>
        <h1>
          <span className="visually-hidden">404 </span>
          {texts.notFoundTitle}
        </h1>
        <p>{texts.notFoundBody}</p>
        <Link to="/web/auth/signin" className="button">
          {texts.notFoundBack}
        </Link>
      </div>
    </main>
  );
}
