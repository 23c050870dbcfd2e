import { Outlet } from '@tanstack/react-router';
import { Logo } from './logo.tsx';
import './plain-layout.css';

/** The logo on top and the page under it: auth screens and the active-alert pages. */
export function PlainLayout() {
  return (
    <div className="plain-layout">
      <header className="plain-layout__header">
        <Logo />
      </header>
      <main className="plain-layout__main">
        <Outlet />
      </main>
    </div>
  );
}
