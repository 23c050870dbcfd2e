/** iPhone, iPod or iPad; iPadOS asks for desktop sites and says Macintosh, but no Mac has a touch screen. */
export function isIos(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** Opened from the home screen: Safari's own flag, or the display mode that every browser reports. */
export function isStandalone(): boolean {
  if ((navigator as Navigator & { standalone?: boolean }).standalone === true) return true;
  return typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
}

/** iOS never offers an install prompt: the person adds the app from Safari's share menu, with our help. */
export function needsIosInstallHelp(): boolean {
  return isIos() && !isStandalone();
}
