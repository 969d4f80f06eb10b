import { z } from 'zod';
import { randomUuid } from '../random-uuid';
import {
  LOCAL_KEYS,
  browserLocalStorage,
  readKey,
  removeKey,
  writeKey,
  type KeyValueStorage,
} from '../storage-keys';

/** The anonymous session kept in localStorage (spec 01 §3). */
export const anonymousSessionSchema = z.object({
  sessionId: z.string().min(1),
  createdAt: z.string(),
  lastAccess: z.string(),
});
export type AnonymousSession = z.infer<typeof anonymousSessionSchema>;

export type SessionStoreEvent = 'token-set' | 'token-cleared' | 'anonymous-changed';

export interface SessionStore {
  getToken(): string | null;
  setToken(token: string): void;
  /** Removes the token and tells subscribers (the session provider falls back to anonymous). */
  clearToken(): void;
  getAnonymousSession(): AnonymousSession | null;
  /**
   * The stored anonymous session with its lastAccess refreshed, or a new one. Null only when the
   * browser refuses to store anything, which leaves the visitor with no session at all.
   */
  ensureAnonymousSession(): AnonymousSession | null;
  /** Keeps a guest id the server issued (replacing any other), and tells subscribers. */
  setAnonymousSession(sessionId: string, createdAt?: string): AnonymousSession | null;
  clearAnonymousSession(): void;
  subscribe(listener: (event: SessionStoreEvent) => void): () => void;
}

export interface SessionStoreDeps {
  storage?: () => KeyValueStorage | null;
  now?: () => Date;
  uuid?: () => string;
}

/** Token and anonymous-session persistence; the API client and the session provider share one. */
export function createSessionStore(deps: SessionStoreDeps = {}): SessionStore {
  const storage = deps.storage ?? browserLocalStorage;
  const now = deps.now ?? (() => new Date());
  const uuid = deps.uuid ?? randomUuid;
  const listeners = new Set<(event: SessionStoreEvent) => void>();
  const emit = (event: SessionStoreEvent) => listeners.forEach((l) => l(event));

  const getAnonymousSession = (): AnonymousSession | null => {
    const raw = readKey(storage(), LOCAL_KEYS.anonymousSession);
    if (!raw) return null;
    try {
      const parsed = anonymousSessionSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };

  return {
    getToken: () => readKey(storage(), LOCAL_KEYS.token) || null,
    setToken(token) {
      writeKey(storage(), LOCAL_KEYS.token, token);
      emit('token-set');
    },
    clearToken() {
      removeKey(storage(), LOCAL_KEYS.token);
      emit('token-cleared');
    },
    getAnonymousSession,
    ensureAnonymousSession() {
      const stamp = now().toISOString();
      const existing = getAnonymousSession();
      const session: AnonymousSession = existing
        ? { ...existing, lastAccess: stamp }
        : { sessionId: uuid(), createdAt: stamp, lastAccess: stamp };
      if (!writeKey(storage(), LOCAL_KEYS.anonymousSession, JSON.stringify(session))) return null;
      if (!existing) emit('anonymous-changed');
      return session;
    },
    setAnonymousSession(sessionId, createdAt) {
      const stamp = now().toISOString();
      const session: AnonymousSession = { sessionId, createdAt: createdAt ?? stamp, lastAccess: stamp };
      if (!writeKey(storage(), LOCAL_KEYS.anonymousSession, JSON.stringify(session))) return null;
      emit('anonymous-changed');
      return session;
    },
    clearAnonymousSession() {
      removeKey(storage(), LOCAL_KEYS.anonymousSession);
      emit('anonymous-changed');
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The browser's store, shared by the API client and the session provider. */
export const sessionStore = createSessionStore();
