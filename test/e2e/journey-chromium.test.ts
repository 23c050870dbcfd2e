import { chromiumLauncher } from '#test/support/engines/chromium-engine.ts';
import { describeSosJourney } from '#test/support/sos-journey.ts';

describeSosJourney(chromiumLauncher, 'chromium');
