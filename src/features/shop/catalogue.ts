/**
 * The catalogue (character and gold packages, the member config, the pay config), kept in IndexedDB through
 * lib/storage.ts so /recharge and /vip show prices offline, marked as possibly out of date, and refreshed from the
 * server whenever a screen opens online or the browser comes back online.
 */
import { useEffect, useState } from 'react';
import { idbGet, idbSet } from '#lib/storage.ts';
import type { CharacterSpec, GoldSpec, MemberConfig, PayConfig } from '#protocol/commerce.ts';
import { fetchCharacterSpecs, fetchGoldSpecs, fetchMemberConfigs, fetchPayConfig } from './shop.api.ts';

export interface Catalogue {
  characters: CharacterSpec[];
  gold: GoldSpec[];
  members: MemberConfig[];
  pay: PayConfig;
  /** When the server gave it (ms since epoch). */
  savedAt: number;
}

export const CATALOGUE_KEY = 'shop-catalogue';

export interface CatalogueState {
  catalogue: Catalogue | undefined;
  /** True once this page load has the server's answer; false for a copy from IndexedDB. */
  fresh: boolean;
  loading: boolean;
  failed: boolean;
  refresh: () => void;
}

export async function readCachedCatalogue(): Promise<Catalogue | undefined> {
  try {
    return await idbGet<Catalogue>('kv', CATALOGUE_KEY);
  } catch {
    return undefined; // No IndexedDB (private mode, tests): the server's answer is all there is.
  }
}

export async function fetchCatalogue(now: () => number = Date.now): Promise<Catalogue> {
  const [characters, gold, members, pay] = await Promise.all([
    fetchCharacterSpecs(),
    fetchGoldSpecs(),
    fetchMemberConfigs(),
    fetchPayConfig(),
  ]);
  const catalogue: Catalogue = { characters, gold, members, pay, savedAt: now() };
  await idbSet('kv', CATALOGUE_KEY, catalogue).catch(() => {});
  return catalogue;
}

// One answer per page load is enough: every screen and dialog of the shop shares it.
let fresh: Catalogue | undefined;
let inflight: Promise<Catalogue> | undefined;

function loadFresh(): Promise<Catalogue> {
  inflight ??= fetchCatalogue().then(
    (c) => {
      fresh = c;
      inflight = undefined;
      return c;
    },
    (error: unknown) => {
      inflight = undefined;
      throw error;
    },
  );
  return inflight;
}

/** Tests: forget this page load's answer. */
export function resetCatalogueMemo(): void {
  fresh = undefined;
  inflight = undefined;
}

/** The catalogue for a screen: the cached copy at once (marked not fresh), then the server's. */
export function useCatalogue(): CatalogueState {
  const [catalogue, setCatalogue] = useState<Catalogue | undefined>(fresh);
  const [isFresh, setFresh] = useState(fresh !== undefined);
  const [loading, setLoading] = useState(fresh === undefined);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);

  // tick asks for a new load (refresh, back online).
  useEffect(() => {
    let live = true;
    if (!fresh) {
      void readCachedCatalogue().then((cached) => {
        if (live && cached) setCatalogue((c) => c ?? cached);
      });
    }
    if (fresh && tick === 0) return;
    setLoading(true);
    setFailed(false);
    loadFresh().then(
      (c) => {
        if (!live) return;
        setCatalogue(c);
        setFresh(true);
        setLoading(false);
      },
      () => {
        if (!live) return;
        setFailed(true);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [tick]);

  useEffect(() => {
    const again = () => {
      fresh = undefined;
      setTick((n) => n + 1);
    };
    globalThis.addEventListener?.('online', again);
    return () => globalThis.removeEventListener?.('online', again);
  }, []);

  return {
    catalogue,
    fresh: isFresh,
    loading,
    failed,
    refresh: () => {
      fresh = undefined;
      setTick((n) => n + 1);
    },
  };
}
