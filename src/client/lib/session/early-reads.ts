import { getDeviceKey } from '#shared/browser/device-key.ts';
import { createEncryptedStorage } from '#shared/browser/encrypted-storage.ts';

// Reads of the encrypted store started before the app's code has even been
// evaluated (src/client/early-restore.ts): IndexedDB and WebCrypto answer while
// the main thread is busy with React and the router, and the restore at start
// finds the plain text waiting.

const reads = new Map<string, Promise<string | undefined>>();

/** Starts reading and decrypting `keys`, and the device key they need beside them, not after them. */
export function startEarlyReads(keys: readonly string[]): void {
  void getDeviceKey().catch(() => undefined);
  for (const key of keys) {
    const read = createEncryptedStorage(key).read();
    // Handled now; whoever takes it sees the failure.
    read.catch(() => undefined);
    reads.set(key, read);
  }
}

/** The early read of `key`, once: the restore at start takes it, any later read goes to IndexedDB. */
export function takeEarlyRead(key: string): Promise<string | undefined> | undefined {
  const read = reads.get(key);
  reads.delete(key);
  return read;
}
