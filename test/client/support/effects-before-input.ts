import { runEffectsBeforeInput } from '#client/lib/effects-before-events.ts';

// As main.tsx does before the app's first render: the components under test run on the same schedule.
runEffectsBeforeInput();
