/**
 * What the server's frames do to chat state: stored messages (mine as acks, theirs as new), read receipts, block
 * acks, the unread total and error frames. Split from chat-service.ts, which wires it to the transport.
 */
import { t } from '@lingui/core/macro';
import type { createStore } from 'jotai';
import { type Message, refreshesUserInfo, type ServerFrame } from '#protocol/chat.ts';
import { Code } from '#protocol/codes.ts';
import type { BaseUser } from '#protocol/user.ts';
import type { createBlockRequests } from './block-requests.ts';
import {
  activePeerAtom,
  conversationsAtom,
  outboxRecordsAtom,
  type PeerHistory,
  unreadCountAtom,
} from './chat.atoms.ts';
import { applyRead, applyReadToConversations, mergeMessages, peerOf, upsertConversation } from './chat.rules.ts';
import type { ChatServiceOptions } from './chat-service.ts';
import { messageSummary } from './message-summary.ts';
import type { OutboxSender } from './outbox-sender.ts';

export interface FrameHandlerDeps {
  store: ReturnType<typeof createStore>;
  isVisible: () => boolean;
  setHistory: (peerId: number, update: (h: PeerHistory) => PeerHistory) => void;
  knownPeer: (peerId: number) => BaseUser | undefined;
  ensurePeer: (peerId: number) => Promise<BaseUser | undefined>;
  markRead: (peerId: number) => void;
  sender: Pick<OutboxSender, 'acked' | 'refused'>;
  blocks: Pick<ReturnType<typeof createBlockRequests>, 'settle' | 'settleOldest'>;
}

/** `options` is the service's own: its callbacks are read when a frame arrives, as before the split. */
export function createFrameHandler(
  options: Pick<ChatServiceOptions, 'me' | 'toast' | 'onUserInfoStale' | 'onIncoming'>,
  { store, isVisible, setHistory, knownPeer, ensurePeer, markRead, sender, blocks }: FrameHandlerDeps,
) {
  /** A stored message, mine (ack) or theirs: history, conversation list, unread. */
  function absorb(message: Message, countUnread: boolean) {
    const me = options.me() ?? 0;
    const peerId = peerOf(message, me);
    setHistory(peerId, (h) => ({ ...h, messages: mergeMessages(h.messages, [message]) }));
    const put = (peer: BaseUser) =>
      store.set(conversationsAtom, (list) => upsertConversation(list, peer, message, { me, countUnread }));
    const peer = knownPeer(peerId);
    if (peer) put(peer);
    else void ensurePeer(peerId).then((p) => p && put(p));
  }

  function onChart(data: Message & { unreadAll?: number }) {
    const { unreadAll, ...message } = data;
    if (message.senderId === options.me()) {
      absorb(message, false);
      void sender.acked(message.clientId);
      return;
    }
    const reading = store.get(activePeerAtom) === message.senderId && isVisible();
    absorb(message, !reading);
    if (typeof unreadAll === 'number') store.set(unreadCountAtom, unreadAll);
    if (reading) markRead(message.senderId);
    if (refreshesUserInfo(message.type)) options.onUserInfoStale?.();
    options.onIncoming?.(message, knownPeer(message.senderId), messageSummary(message.type, message.msg));
  }

  /** Error frames (401 never gets here: lib/socket.ts turns it into an 'unauthorized' event). */
  function onError(frame: { action?: string; code: number; message: string; data?: unknown }): boolean {
    if (frame.action === 'chart') {
      const clientId = (frame.data as { clientId?: string } | undefined)?.clientId;
      const records = store.get(outboxRecordsAtom);
      const target =
        (clientId && records.find((r) => r.clientId === clientId)) || records.find((r) => r.state === 'sending');
      const blocked = frame.code === Code.forbidden;
      if (target) void sender.refused(target.clientId, frame.code, blocked ? 'blocked' : frame.message || 'error');
      if (blocked) {
        options.toast?.('error', t`You have been blocked`);
        return true;
      }
      // The frame budget ran out: the sender waits and re-sends; nothing for the member to do.
      if (frame.code === Code.tooMany) return true;
    } else if (frame.action === 'block') {
      blocks.settleOldest(new Error(frame.message));
    }
    // Spec 8: any other socket code is an error alert with the server's message.
    options.toast?.('error', frame.message || t`error`);
    return true;
  }

  function handleFrame(frame: ServerFrame): boolean {
    if (frame.code !== undefined && frame.code !== Code.ok) return onError(frame as Parameters<typeof onError>[0]);
    switch (frame.action) {
      case 'chart':
        onChart(frame.data as Message & { unreadAll?: number });
        break;
      case 'unreadAll':
        if (typeof frame.data === 'number') store.set(unreadCountAtom, frame.data);
        break;
      case 'read': {
        const { readerId, readAt } = frame.data as { readerId: number; readAt: string };
        const me = options.me() ?? 0;
        setHistory(readerId, (h) => ({ ...h, messages: applyRead(h.messages, me, readerId, readAt) }));
        store.set(conversationsAtom, (list) => applyReadToConversations(list, me, readerId, readAt));
        break;
      }
      case 'block': {
        const { receiverId } = frame.data as { receiverId: number };
        blocks.settle(receiverId);
        break;
      }
    }
    return false;
  }

  return { handleFrame };
}
