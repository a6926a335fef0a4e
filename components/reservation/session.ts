/**
 * The wizard's state between steps and pages: sessionStorage, and always a copy in memory.
 * In a frame on another site with third-party cookies blocked the browser denies the page
 * its storage; the copy in memory then carries the details, the hold and the confirmation
 * across the wizard's steps and client-side navigations (docs/embed.md), without
 * surviving a reload.
 */
const memory = new Map<string, string>();

/** The stored text itself (a stable snapshot for useSyncExternalStore). */
export function readSessionRaw(key: string): string | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(key);
  } catch {
    // storage denied: the copy in memory
  }
  return raw ?? memory.get(key) ?? null;
}

export function readSession<T>(key: string): T | null {
  const raw = readSessionRaw(key);
  try {
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: unknown) {
  if (value === null) memory.delete(key);
  else memory.set(key, JSON.stringify(value));
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage unavailable: the copy in memory stays
  }
}
