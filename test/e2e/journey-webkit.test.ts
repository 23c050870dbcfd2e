import { webkitLauncher } from '#test/support/engines/webkit-engine.ts';
import { describeSosJourney } from '#test/support/sos-journey.ts';

describeSosJourney(webkitLauncher, 'webkit');
