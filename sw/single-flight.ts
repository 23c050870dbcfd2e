/**
 * Runs `task` never twice at once. A call during a run gets that run's promise
 * and asks for one more round after it: whatever was queued or changed while
 * the round was finishing (a sign-in, the network back) is not left waiting for
 * the next trigger. The promise covers the extra round too, so a sync event's
 * waitUntil keeps the worker alive for all of it.
 */
export function singleFlight<T>(task: () => Promise<T>): { run(): Promise<T>; isRunning(): boolean } {
  let running: Promise<T> | undefined;
  let again = false;

  async function loop(): Promise<T> {
    let result: T;
    do {
      again = false;
      result = await task();
    } while (again);
    return result;
  }

  return {
    run() {
      if (running) {
        again = true;
        return running;
      }
      // Started on the next microtask, so `isRunning()` is already true inside the task.
      running = Promise.resolve()
        .then(loop)
        .finally(() => {
          running = undefined;
        });
      return running;
    },
    isRunning: () => running !== undefined,
  };
}
