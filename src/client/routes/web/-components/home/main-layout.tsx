import { Outlet } from '@tanstack/react-router';
import { HelpButton } from '#client/features/help/help-button.tsx';
import { AfterFirstPaint } from '#client/ui/after-first-paint.tsx';
import { AppHeader } from './app-header.tsx';
import { BottomNav } from './bottom-nav.tsx';
import './main-layout.css';

export function MainLayout() {
  return (
    <div className="main-layout">
      <AppHeader />
      <main className="main-layout__content">
        <Outlet />
      </main>
      {/* Fixed to the screen's edges, so coming a frame after the SOS button moves nothing. */}
      <AfterFirstPaint>
        <BottomNav />
        {/* Where 'Ayuda' rests: the page scrolls under this band, so the button never sits on a field or a button. */}
        <div className="main-layout__help-band" aria-hidden="true" />
        <HelpButton />
      </AfterFirstPaint>
    </div>
  );
}
