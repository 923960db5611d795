/** The answer to a write refused for lack of space (503, code STORAGE_FULL), and readiness's while it lasts. */
export const STORAGE_FULL_MESSAGE = 'The server is out of storage space. Please try again later.';

/**
 * This instance's memory of a write refused for lack of space. A tiny write can still fit where a
 * larger one does not (free pages in the file, room left in SQLite's write-ahead log), so once any
 * write was refused, readiness asks for a write that needs new room before it answers 200 again
 * (modules/system/health-repository.ts). Created with the app; each instance has its own.
 */
export interface StorageFullLatch {
  /** A write was refused for lack of space. */
  report(): void;
  /** A write that needed new room went through. */
  clear(): void;
  isSet(): boolean;
}

export function createStorageFullLatch(): StorageFullLatch {
  let set = false;
  return {
    report: () => {
      set = true;
    },
    clear: () => {
      set = false;
    },
    isSet: () => set,
  };
}
