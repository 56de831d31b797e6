import { STORAGE_KEYS } from '@behavio/contract';
import { useSyncExternalStore } from 'react';

/**
 * The browser session of product-rules: Entities and fields: the token, the credit-gated feature unlocks and their cached
 * data, all persisted in localStorage under the contract's STORAGE_KEYS. The signed-in user is
 * not kept here: it lives in the TanStack Query cache (see `useUser` in lib/auth.tsx), which is
 * cleared whenever the session ends.
 *
 * Signed in vs signed out is decided only by the presence of the token (product-rules: States and transitions).
 */

export type UnlockedFeatures = Record<string, true>;
export type FeatureDataCache = Record<string, unknown>;

interface SessionSnapshot {
  token: string | null;
  unlockedFeatures: UnlockedFeatures;
  featureDataCache: FeatureDataCache;
}

type Listener = () => void;

const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy modes); the session then lives only in memory.
    return null;
  }
}

function readString(key: string): string | null {
  const value = storage()?.getItem(key);
  return value ? value : null;
}

function readRecord<T extends Record<string, unknown>>(key: string): T {
  const raw = storage()?.getItem(key);
  if (!raw) return {} as T;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as T)
      : ({} as T);
  } catch {
    return {} as T;
  }
}

function write(key: string, value: string | null): void {
  const store = storage();
  if (!store) return;
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // A full or disabled storage must not break sign-in; the in-memory snapshot still works.
  }
}

function load(): SessionSnapshot {
  return {
    token: readString(STORAGE_KEYS.token),
    unlockedFeatures: readRecord<UnlockedFeatures>(STORAGE_KEYS.unlockedFeatures),
    featureDataCache: readRecord<FeatureDataCache>(STORAGE_KEYS.featureDataCache),
  };
}

let snapshot: SessionSnapshot = load();

/**
 * Counts sign-ins and sign-outs (here or in another tab), not token renewals: what was cached
 * for one session must go when another begins, but not when the same session gets a new token.
 */
let sessionGeneration = 0;

export function getSessionGeneration(): number {
  return sessionGeneration;
}

function update(next: Partial<SessionSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  listeners.forEach((listener) => listener());
}

/** Subscribe to any session change (also changes made in another tab). */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const keys: readonly (string | null)[] = Object.values(STORAGE_KEYS);
    // event.key is null when another tab called localStorage.clear().
    if (event.key !== null && !keys.includes(event.key)) return;
    const next = load();
    if (next.token !== snapshot.token) sessionGeneration++;
    update(next);
  });
}

export function getToken(): string | null {
  return snapshot.token;
}

export function setToken(token: string): void {
  sessionGeneration++;
  write(STORAGE_KEYS.token, token);
  update({ token });
}

/** The same session goes on with a new token (after a password change ended the others). */
export function renewToken(token: string): void {
  write(STORAGE_KEYS.token, token);
  update({ token });
}

/** Marks a credit-gated feature (e.g. freeRoute1) as unlocked and caches the data it returned. */
export function unlockFeature(feature: string, data?: unknown): void {
  const unlockedFeatures: UnlockedFeatures = { ...snapshot.unlockedFeatures, [feature]: true };
  write(STORAGE_KEYS.unlockedFeatures, JSON.stringify(unlockedFeatures));
  const next: Partial<SessionSnapshot> = { unlockedFeatures };
  if (data !== undefined) {
    const featureDataCache = { ...snapshot.featureDataCache, [feature]: data };
    write(STORAGE_KEYS.featureDataCache, JSON.stringify(featureDataCache));
    next.featureDataCache = featureDataCache;
  }
  update(next);
}

/**
 * Ends the session: removes the token, the unlocks and the cached feature data from memory and
 * storage. Subscribers (the app provider) then drop the cached user, and the route guards send
 * the visitor to /. Use `useLogout` from lib/auth.tsx in components; this is for non-React code.
 */
export function clearSession(): void {
  sessionGeneration++;
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.unlockedFeatures, null);
  write(STORAGE_KEYS.featureDataCache, null);
  update({ token: null, unlockedFeatures: {}, featureDataCache: {} });
}

/** Re-reads storage; for tests that seed localStorage before rendering. */
export function reloadSessionFromStorage(): void {
  sessionGeneration++;
  update(load());
}

const getSnapshot = () => snapshot;

function useSessionSnapshot(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSnapshot, getSnapshot);
}

/** The current token, or null when signed out. Re-renders on sign-in and sign-out. */
export function useToken(): string | null {
  return useSessionSnapshot().token;
}

export function useUnlockedFeatures(): UnlockedFeatures {
  return useSessionSnapshot().unlockedFeatures;
}

export function useFeatureDataCache(): FeatureDataCache {
  return useSessionSnapshot().featureDataCache;
}
