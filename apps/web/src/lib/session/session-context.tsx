import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { api, type ApiClient } from '../api';
import { authCalls } from './auth-api';
import { bootstrapSession } from './bootstrap';
import { sessionStore, type SessionStore } from './session-store';
import {
  SESSION_EXPIRED_MESSAGE,
  SESSION_INIT_FAILED_MESSAGE,
  type SessionState,
  type SessionUser,
} from './session-state';

export interface SessionContextValue {
  session: SessionState;
  /** After login, verification or Google sign-in: keep the token, forget the anonymous session. */
  signIn(token: string, user: SessionUser): void;
  /** Intentional logout: forget token and anonymous session, start a fresh anonymous one. */
  signOut(): void;
  dismissNotice(): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

function guestState(store: SessionStore, notice?: string): SessionState {
  const anonymous = store.ensureAnonymousSession();
  if (!anonymous) return { status: 'none', error: SESSION_INIT_FAILED_MESSAGE };
  return notice ? { status: 'anonymous', anonymous, notice } : { status: 'anonymous', anonymous };
}

export function SessionProvider({
  children,
  store = sessionStore,
  client = api,
}: {
  children: ReactNode;
  store?: SessionStore;
  client?: ApiClient;
}) {
  const [session, setSession] = useState<SessionState>({ status: 'loading' });
  const signingOut = useRef(false);

  useEffect(() => {
    let cancelled = false;
    void bootstrapSession({
      store,
      fetchMe: () => authCalls(client).me(),
      ensureGuest: () => client.ensureGuestSession(),
    }).then((state) => {
      if (!cancelled) setSession(state);
    });
    return () => {
      cancelled = true;
    };
  }, [store, client]);

  // The API client drops a token the server rejects (401 + shouldClearToken): become a guest.
  // It also trades a refused guest id for a server-issued one: the guest's state follows.
  useEffect(
    () =>
      store.subscribe((event) => {
        if (event === 'anonymous-changed') {
          setSession((prev) => {
            const anonymous = store.getAnonymousSession();
            return prev.status === 'anonymous' &&
              anonymous &&
              anonymous.sessionId !== prev.anonymous.sessionId
              ? { ...prev, anonymous }
              : prev;
          });
          return;
        }
        if (event !== 'token-cleared' || signingOut.current) return;
        setSession((prev) =>
          prev.status === 'authenticated' ? guestState(store, SESSION_EXPIRED_MESSAGE) : prev,
        );
      }),
    [store],
  );

  const signIn = useCallback(
    (token: string, user: SessionUser) => {
      store.setToken(token);
      store.clearAnonymousSession();
      setSession({ status: 'authenticated', user });
    },
    [store],
  );

  const signOut = useCallback(() => {
    signingOut.current = true;
    try {
      store.clearToken();
      store.clearAnonymousSession();
    } finally {
      signingOut.current = false;
    }
    setSession(guestState(store));
    // The fresh guest gets its id from the server; the state follows when it arrives.
    void client.ensureGuestSession();
  }, [store, client]);

  const dismissNotice = useCallback(() => {
    setSession((prev) =>
      prev.status === 'anonymous' && prev.notice
        ? { status: 'anonymous', anonymous: prev.anonymous }
        : prev,
    );
  }, []);

  const value = useMemo(
    () => ({ session, signIn, signOut, dismissNotice }),
    [session, signIn, signOut, dismissNotice],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
