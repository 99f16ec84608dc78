/**
 * One socket and one chat service per signed-in session: they start when a token appears (sign-in, app start
 * with a stored token) and stop when it goes (sign-out, 401 from REST or the socket). Socket events become the
 * alerts of docs/product.md, Socket; incoming messages may become browser notifications while the page is hidden.
 * The chat feature (service, outbox, IndexedDB cache) and lib/storage.ts are imported when a session starts or
 * ends, not statically: signed out, /login's first load carries none of them.
 */
import { t } from '@lingui/core/macro';
import { refreshUserInfoAtom, tokenAtom, userInfoAtom } from '#features/auth/index.ts';
import type { ChatService, chatServiceAtom } from '#features/chat/index.ts';
import { currentLocale } from '#lib/i18n.ts';
import { notifyIfHidden } from '#lib/notify.ts';
import { createSocket } from '#lib/socket.ts';
import { PUSH_SETTING_KEY } from '#protocol/constants.ts';
import { isOwnUploadUrl } from '#protocol/validators.ts';
import { pushToastAtom } from '#ui/toast.tsx';
import type { AppStore } from './store.ts';
import { clearSessionToLogin, permissionsChanged, type RouterLike } from './wiring.ts';

type ChatRouter = RouterLike & {
  navigate: (options: { to: '/chat'; search: { userId: number } }) => unknown;
};

export function wireSocket(store: AppStore, router: ChatRouter) {
  const socket = createSocket({ getToken: () => store.get(tokenAtom) });
  const toast = (kind: 'error' | 'warning' | 'success', message: string) => store.set(pushToastAtom, { kind, message });
  let chat: ChatService | null = null;
  /** Set with the service: the atom it was published in, from the lazily imported chat module. */
  let serviceAtom: typeof chatServiceAtom | null = null;
  let sessionToken: string | null = null;
  /** Bumped by every start and stop, so a start whose import resolves after a sign-out does nothing. */
  let generation = 0;

  socket.onEvent((event) => {
    if (event.kind === 'unsupported') toast('error', t`Your browser does not support WebSocket!`);
    else if (event.kind === 'no-token') toast('warning', t`please sign in first!`);
    else if (event.kind === 'unauthorized') {
      toast('warning', t`Please sign in again`);
      clearSessionToLogin(store, router);
    } else if (event.code === 498) permissionsChanged(store);
    // 'error' codes reach the chat service as frames; it shows them with their context.
  });

  async function start() {
    const started = ++generation;
    const { chatServiceAtom, createChatService } = await import('#features/chat/index.ts');
    if (started !== generation) return;
    serviceAtom = chatServiceAtom;
    chat = createChatService({
      store,
      transport: socket,
      me: () => store.get(userInfoAtom)?.id ?? null,
      lang: () => store.get(userInfoAtom)?.language || currentLocale(),
      toast,
      onUserInfoStale: () => void store.set(refreshUserInfoAtom).catch(() => {}),
      onIncoming: (message, peer, body) => {
        const userId = message.senderId;
        void notifyIfHidden({
          title: peer?.username ?? t`New message`,
          body,
          icon: peer?.avatar && isOwnUploadUrl(peer.avatar) ? peer.avatar : undefined,
          tag: `chat-${userId}`,
          url: `/chat?userId=${userId}`,
          onClick: () => void router.navigate({ to: '/chat', search: { userId } }),
        });
      },
    });
    store.set(chatServiceAtom, chat);
    socket.connect();
  }

  function stop() {
    generation++;
    socket.disconnect();
    chat?.dispose();
    chat = null;
    if (serviceAtom) store.set(serviceAtom, null);
  }

  const sync = () => {
    const token = store.get(tokenAtom);
    if (token === sessionToken) return;
    if (sessionToken) stop();
    // Signed out: the cached history, outbox and list go too; another member may sign in on this device next.
    if (sessionToken && !token) void import('#lib/storage.ts').then(({ clearAll }) => clearAll());
    sessionToken = token;
    if (token) void start().catch((error: unknown) => console.warn('Chat could not start', error));
    // Web Push on this device: the subscription checked and registered for whoever is signed in. Only a device where
    // push is on loads the push code, so nothing joins the first load of a member without it.
    if (token && pushOnHere()) {
      import('#features/push/index.ts')
        .then(({ syncPush }) => syncPush())
        .catch((error: unknown) => console.warn('Web Push sync could not load', error));
    }
  };
  sync();
  // For the page's life: the app has one socket and one session at a time.
  store.sub(tokenAtom, sync);
}

/**
 * Signing out on this device: when push is on here, it is turned off (the server forgets the subscription while the
 * token still works), so a shared phone stops hearing the previous member. Never blocks the sign-out for long.
 */
export async function stopPushOnSignOut(): Promise<void> {
  if (!pushOnHere()) return;
  const off = import('#features/push/index.ts').then(({ disablePush }) => disablePush());
  await Promise.race([off.catch(() => {}), new Promise((done) => setTimeout(done, 3000))]);
}

function pushOnHere(): boolean {
  try {
    return (JSON.parse(localStorage.getItem(PUSH_SETTING_KEY) ?? '{}') as { on?: unknown }).on === true;
  } catch {
    return false;
  }
}
