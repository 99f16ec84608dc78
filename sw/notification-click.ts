/** Where a notification click leads, and getting a window there: pure parts apart so they can be tested. */

/** The notification's `data.url` on our origin, or /chat: a notification must never open another site. */
export function notificationTarget(data: unknown, origin: string): string {
  const raw = (data as { url?: unknown } | null)?.url;
  if (typeof raw !== 'string' || raw === '') return new URL('/chat', origin).href;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? url.href : new URL('/chat', origin).href;
  } catch {
    return new URL('/chat', origin).href;
  }
}

/** How long a page has to confirm it routed in-app before the worker navigates the window itself. */
export const NAVIGATE_ACK_MS = 1000;

interface WindowLike {
  url: string;
  focused: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
  postMessage(message: unknown, transfer: Transferable[]): void;
}
interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly unknown[]>;
  openWindow(url: string): Promise<unknown>;
}

/** Asks the page to route to `url` in-app (no reload, the socket stays up); resolves whether it confirmed. */
function askPageToRoute(client: WindowLike, url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), NAVIGATE_ACK_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve(true);
    };
    client.postMessage({ type: 'NAVIGATE', url }, [channel.port2]);
  });
}

/** Focuses an open window (the focused one first) and brings it to `url`; opens one when none is open. */
export async function focusAndNavigate(clients: ClientsLike, url: string): Promise<void> {
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })) as WindowLike[];
  const client = windows.find((w) => w.focused) ?? windows[0];
  if (!client) {
    await clients.openWindow(url);
    return;
  }
  // focus() first: browsers allow it only while the click's user activation lasts.
  await client.focus().catch(() => undefined);
  if (client.url === url) return;
  if (await askPageToRoute(client, url)) return;
  await client.navigate(url).catch(() => clients.openWindow(url));
}
