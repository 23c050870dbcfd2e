import { useEffect, useState, type ReactNode } from 'react';
import { afterFirstPaint, firstPaintDone } from '#client/lib/first-paint.ts';

/** Its children come one frame after the app's first, which belongs to the SOS button (lib/first-paint.ts). */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(firstPaintDone);
  useEffect(() => {
    if (!shown) afterFirstPaint(() => setShown(true));
  }, [shown]);
  return shown ? children : null;
}
