/** The browser's online flag and its changes (navigator.onLine, online/offline events); injectable for tests. */
export interface Network {
  online(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

export const browserNetwork: Network = {
  online: () => globalThis.navigator?.onLine ?? true,
  subscribe(listener) {
    const on = () => listener(true);
    const off = () => listener(false);
    globalThis.addEventListener?.('online', on);
    globalThis.addEventListener?.('offline', off);
    return () => {
      globalThis.removeEventListener?.('online', on);
      globalThis.removeEventListener?.('offline', off);
    };
  },
};
