/**
 * Every key the app keeps in the browser's storage (spec 01 §3, spec 02 §3), in one place so two
 * features never disagree on a name.
 */
export const LOCAL_KEYS = {
  token: 'token',
  anonymousSession: 'anonymousSession',
  sidebarCollapsed: 'sidebarCollapsed',
  pendingCardGeneration: 'pendingCardGeneration',
  anonymousDeckCreated: 'anonymousDeckCreated',
} as const;

/** Keys kept in sessionStorage: they die with the tab. */
export const SESSION_KEYS = {
  subscriptionStatus: 'subscriptionStatus',
  previewChats: 'preview-chats',
} as const;

/** The subset of the Web Storage API the app relies on; tests pass a Map-backed fake. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * localStorage, or null where it is missing or refuses access (some privacy modes throw on access).
 */
export function browserLocalStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function browserSessionStorage(): KeyValueStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Reads a key, treating a storage that throws as empty. */
export function readKey(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a key; false when the storage is missing or full. */
export function writeKey(storage: KeyValueStorage | null, key: string, value: string): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeKey(storage: KeyValueStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do: a storage that refuses access holds nothing we could remove.
  }
}
