/** Block and unblock over the socket: each request resolves on the server's ack, rejects on an error or no answer. */
import type { ClientFrame } from '#protocol/chat.ts';

export const BLOCK_TIMEOUT_MS = 10_000;

export function createBlockRequests(send: (frame: ClientFrame) => Promise<boolean>) {
  const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void; timer: unknown }>();

  function settle(receiverId: number, error?: Error) {
    const entry = waiting.get(receiverId);
    if (!entry) return;
    clearTimeout(entry.timer as ReturnType<typeof setTimeout>);
    waiting.delete(receiverId);
    if (error) entry.reject(error);
    else entry.resolve();
  }

  return {
    settle,
    /** An error frame for 'block' names no receiver: it answers the oldest request. */
    settleOldest(error: Error) {
      const [first] = waiting.keys();
      if (first !== undefined) settle(first, error);
    },
    request(receiverId: number, block: boolean): Promise<void> {
      return new Promise((resolve, reject) => {
        settle(receiverId, new Error('superseded'));
        const timer = setTimeout(() => settle(receiverId, new Error('timeout')), BLOCK_TIMEOUT_MS);
        waiting.set(receiverId, { resolve, reject, timer });
        void send({ action: 'block', data: { receiverId, block } }).then((sent) => {
          if (!sent) settle(receiverId, new Error('offline'));
        });
      });
    },
    dispose() {
      for (const id of [...waiting.keys()]) settle(id, new Error('signed out'));
    },
  };
}
