import { Link } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { floatingBar } from '#client/features/help/floating-position.ts';
import { track } from '#client/lib/analytics.ts';
import { currentAppConfig, subscribeAppConfig } from '#client/lib/meta-tags.ts';
import { NavIcon } from './nav-icon.tsx';

export function BottomNav() {
  // Follows the server's answer when it changes it (a new CHAT_URL reaching an installed app).
  const { chatUrl } = useSyncExternalStore(subscribeAppConfig, currentAppConfig, currentAppConfig);
  return (
    <nav className="bottom-nav" aria-label="Navegación principal" {...floatingBar('bottom')}>
      <Link to="/web/home" className="bottom-nav__item" activeProps={{ 'aria-current': 'page' }}>
        <NavIcon name="home" />
        Inicio
      </Link>
      <Link to="/web/profile" className="bottom-nav__item" activeProps={{ 'aria-current': 'page' }}>
        <NavIcon name="profile" />
        Perfil
      </Link>
      <Link
        to="/web/contact"
        className="bottom-nav__item"
        activeOptions={{ exact: true }}
        activeProps={{ 'aria-current': 'page' }}
      >
        <NavIcon name="add" />
        Agregar Contacto
      </Link>
      {/* The chat link is per deployment (CHAT_URL); without one there is nothing to open. */}
      {chatUrl && (
        <a
          href={chatUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="bottom-nav__item"
          onClick={() => track('whatsapp_open')}
        >
          <NavIcon name="chat" />
          Hablemos
        </a>
      )}
    </nav>
  );
}
