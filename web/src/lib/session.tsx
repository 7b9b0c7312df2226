// The session as React sees it: signed in while a token is stored, then the
// user is fetched. Logout clears the token and the user, then reloads the home page.
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { UserInfo } from '#shared/api-schemas.ts';
import { languageOfPath, pagePath } from '#shared/web-routes.ts';
import { api } from './api-client.ts';
import { clearToken, getToken, setToken, subscribeToToken } from './session-store.ts';

type UserStatus = 'signed-out' | 'loading' | 'ready' | 'error';

interface Session {
  signedIn: boolean;
  user: UserInfo | null;
  userStatus: UserStatus;
  /** Stores a fresh session token and loads its user; resolves with null when the user could not be loaded. */
  signIn(token: string): Promise<UserInfo | null>;
  /** Swaps in a new token for the same user (after a password change signs out other sessions). */
  renewToken(token: string): Promise<UserInfo | null>;
  refreshUser(): Promise<UserInfo | null>;
  logout(): void;
  /**
   * The account was deleted (its sessions are over on the server): the token and the user are dropped at
   * once, without leaving the page, which goes on showing that the account is gone in the signed-out frame.
   */
  endSession(): void;
  /** endSession was called on this page (the /app pages then stay, signed out). */
  sessionEnded: boolean;
}

const SessionContext = createContext<Session | null>(null);

interface Loaded {
  token: string;
  user: UserInfo | null;
  failed: boolean;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const token = useSyncExternalStore(subscribeToToken, getToken, () => null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [sessionEnded, setSessionEnded] = useState(false);
  const inflight = useRef<{ token: string; promise: Promise<UserInfo | null> } | null>(null);

  const loadUser = useCallback((forToken: string, force: boolean): Promise<UserInfo | null> => {
    if (!force && inflight.current?.token === forToken) return inflight.current.promise;
    const promise = api('userInfo').then(
      (user) => {
        if (getToken() === forToken) setLoaded({ token: forToken, user, failed: false });
        return user;
      },
      () => {
        // Keep what we knew about this session: a failed refresh should not blank the navbar.
        if (getToken() === forToken) {
          setLoaded((prev) => ({
            token: forToken,
            user: prev?.token === forToken ? prev.user : null,
            failed: true,
          }));
        }
        return null;
      },
    );
    inflight.current = { token: forToken, promise };
    return promise;
  }, []);

  useEffect(() => {
    if (token) void loadUser(token, false);
    else inflight.current = null;
  }, [token, loadUser]);

  const signIn = useCallback(
    (next: string) => {
      setSessionEnded(false);
      setToken(next);
      return loadUser(next, false);
    },
    [loadUser],
  );

  const renewToken = useCallback(
    (next: string) => {
      setLoaded((prev) => (prev ? { ...prev, token: next } : prev));
      setToken(next);
      return loadUser(next, true);
    },
    [loadUser],
  );

  const refreshUser = useCallback(async () => {
    const current = getToken();
    return current ? loadUser(current, true) : null;
  }, [loadUser]);

  const logout = useCallback(() => {
    clearToken();
    inflight.current = null;
    setLoaded(null);
    window.location.assign(pagePath('home', languageOfPath(window.location.pathname)));
  }, []);

  const endSession = useCallback(() => {
    setSessionEnded(true);
    clearToken();
    inflight.current = null;
    setLoaded(null);
  }, []);

  const value = useMemo<Session>(() => {
    const current = loaded && loaded.token === token ? loaded : null;
    let userStatus: UserStatus = 'signed-out';
    if (token) userStatus = current ? (current.failed && !current.user ? 'error' : 'ready') : 'loading';
    return {
      signedIn: token !== null,
      user: current?.user ?? null,
      userStatus,
      signIn,
      renewToken,
      refreshUser,
      logout,
      endSession,
      sessionEnded: sessionEnded && token === null,
    };
  }, [token, loaded, signIn, renewToken, refreshUser, logout, endSession, sessionEnded]);

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a <SessionProvider> above it');
  return session;
}

/** Available tokens: lifetime plus monthly. */
export const tokenBalance = (user: UserInfo): number => user.tokens_ltd + user.tokens_subscription;
