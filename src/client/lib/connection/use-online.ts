import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOnline = () => navigator.onLine;
const onServer = () => true;

/** navigator.onLine, followed through the window's online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, onServer);
}
