import { Outlet } from '@tanstack/react-router';
import { HelpButton } from '#client/features/help/help-button.tsx';
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
      <BottomNav />
      <HelpButton />
    </div>
  );
}
