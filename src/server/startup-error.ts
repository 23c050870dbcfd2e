/**
 * A start-up failure the operator can fix, with a message written for them:
 * main.ts prints the message alone and exits, as a stack trace would only hide it.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
