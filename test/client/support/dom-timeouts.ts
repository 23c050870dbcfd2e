import { configure } from '@testing-library/react';

// A test's first visit to a lazy route transforms that route's modules on demand.
// On a busy 2-core machine that alone took more than Testing Library's default 1 s
// for findBy*/waitFor, and failed tests whose screens were right. The waits still
// end as soon as the screen shows.
configure({ asyncUtilTimeout: 5_000 });
