import { firefoxLauncher } from '#test/support/engines/firefox-engine.ts';
import { describeSosJourney } from '#test/support/sos-journey.ts';

describeSosJourney(firefoxLauncher, 'gecko');
