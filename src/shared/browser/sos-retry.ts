/**
 * While an SOS or its end waits on the phone and the network or the server is down, the page asks
 * for another try after 5 s, 15 s, then every 30 s (the worker's queue through a replay, or the
 * page's own queue where there is no worker). The cap bounds how long a person waits after the
 * server is back: an alert held behind a 503 leaves within half a minute of its return, and one
 * request from each waiting phone every 30 s is nothing to a server that has come back.
 */
export const SOS_RETRY_MS = [5_000, 15_000, 30_000] as const;
