import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { message, validateLogin, type AuthResponse, type LoginResponse } from '@ecup/domain';
import { trackNavigationRequest } from '../lib/navigation-progress.ts';
import { ApiError, createApiClient, type ApiClient, type Credentials, type PopoverContent } from '../lib/api-client.ts';
import { clientReducer, initialClientState, type ClientAction, type ClientState } from '../lib/client-state.ts';
import { clearCredentials, loadCredentials, saveCredentials } from '../lib/credentials.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { PageDataContext, usePageTakenOver } from '../lib/page-data.ts';

/**
 * How a sign-in ended: signed in; refused (the 'Login error' popover said why); or the account has two-factor
 * sign-in on and the form asks for its code (docs/decisions.md#permissions).
 */
export type SignInOutcome = 'signed-in' | 'refused' | 'code-required';

export interface Client {
  state: ClientState;
  dispatch(action: ClientAction): void;
  api: ApiClient;
  /** Shows a popover with an OK button; the focused element loses focus first (docs/product.md#states). */
  popover(title: string, content: PopoverContent): void;
  /**
   * Signs in with username and password, and the two-factor `code` once the server asked for it; a failure shows
   * the 'Login error' popover.
   */
  signIn(username: string, password: string, code?: string): Promise<SignInOutcome>;
  /** Signs in with an id/token pair (after sign-up, a password reset or the /auth link). */
  signInWithToken(credentials: Credentials): Promise<boolean>;
  signOut(): Promise<void>;
  /** Reads the signed-in user again (after a settings change). */
  refreshUser(): Promise<void>;
}

const ClientContext = createContext<Client | null>(null);

/** Client state, the API client and the session (docs/product.md#states, docs/product.md#calls, docs/product.md#errors). */
export function ClientProvider({ children }: { children: ReactNode }) {
  const { t, tm } = useI18n();
  const [state, dispatch] = useReducer(clientReducer, initialClientState);
  const pageData = useContext(PageDataContext);
  // A server render has no stored pair: it draws every page as a visitor sees it.
  const credentials = useRef<Credentials | null>(typeof window === 'undefined' ? null : loadCredentials());
  const tmRef = useRef(tm);
  tmRef.current = tm;
  const tRef = useRef(t);
  tRef.current = t;
  const sessionEnded = useRef<() => void>(() => undefined);

  const popover = useCallback((title: string, content: PopoverContent) => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    dispatch({ type: 'add-popover', popover: { title, content } });
  }, []);

  const api = useMemo(
    () =>
      createApiClient({
        credentials: () => credentials.current,
        popover,
        translate: (ref) => tmRef.current(ref),
        sessionEnded: () => sessionEnded.current(),
        track: trackNavigationRequest,
        pageData,
      }),
    [popover, pageData],
  );

  const forget = useCallback(() => {
    credentials.current = null;
    clearCredentials();
    dispatch({ type: 'set-user', user: null });
    dispatch({ type: 'set-authenticating', authenticating: false });
  }, []);

  // docs/decisions.md#minors-safety: a session that has ended signs the player out, and says so once (the other calls that were
  // under way with the same pair find it already forgotten).
  sessionEnded.current = () => {
    if (!credentials.current) return;
    forget();
    // The page shrinks to its signed-out form, whose sign-in sits at the top.
    window.scrollTo(0, 0);
    // The message, not its text: shown by its code, it turns Swedish once the Swedish messages have arrived.
    popover(tRef.current('session.ended'), message('sessionExpired'));
  };

  const signInWithToken = useCallback(
    async (pair: Credentials) => {
      dispatch({ type: 'set-authenticating', authenticating: true });
      // The new pair goes in the header too: after a password change or reset the pair held so far is revoked.
      credentials.current = pair;
      try {
        const answer = await api.post<AuthResponse>('/user/auth', { id: pair.id, token: pair.token });
        credentials.current = { id: answer.id, token: answer.token };
        saveCredentials(credentials.current);
        dispatch({ type: 'set-user', user: answer.user });
        return true;
      } catch {
        forget();
        return false;
      }
    },
    [api, forget],
  );

  const signIn = useCallback(
    async (username: string, password: string, code?: string): Promise<SignInOutcome> => {
      const form = validateLogin({ username, password });
      if (!form.ok) {
        popover(tmRef.current('loginErrorTitle'), tmRef.current(form));
        return 'refused';
      }
      dispatch({ type: 'set-authenticating', authenticating: true });
      try {
        const fields = code === undefined ? { ...form.value } : { ...form.value, code };
        const pair = await api.post<LoginResponse>('/user/login', fields, { defaultErrorHandler: false });
        return (await signInWithToken(pair)) ? 'signed-in' : 'refused';
      } catch (error) {
        dispatch({ type: 'set-authenticating', authenticating: false });
        // The first answer for an account with two-factor on: the form asks for the code, nothing went wrong.
        if (error instanceof ApiError && error.is('secondFactorRequired') && code === undefined) {
          return 'code-required';
        }
        if (error instanceof ApiError && error.refusal) {
          popover(tmRef.current('loginErrorTitle'), error.refusal);
        }
        return 'refused';
      }
    },
    [api, popover, signInWithToken],
  );

  const signOut = useCallback(async () => {
    if (credentials.current) await api.post('/user/logout', {}, { defaultErrorHandler: false }).catch(() => undefined);
    forget();
  }, [api, forget]);

  const refreshUser = useCallback(async () => {
    if (!credentials.current) return;
    const answer = await api.get<AuthResponse>('/user/auth');
    dispatch({ type: 'set-user', user: answer.user });
  }, [api]);

  // docs/product.md#states: at start the stored pair authenticates; on failure it is cleared and the visitor is anonymous. A
  // server-rendered page is a visitor's: the reader's own parts come once the app has taken it over.
  const takenOver = usePageTakenOver();
  useEffect(() => {
    const stored = credentials.current;
    if (!stored || !takenOver) return;
    dispatch({ type: 'set-authenticating', authenticating: true });
    api
      .get<AuthResponse>('/user/auth', {}, { defaultErrorHandler: false })
      .then((answer) => dispatch({ type: 'set-user', user: answer.user }))
      .catch(forget);
  }, [api, forget, takenOver]);

  const value = useMemo<Client>(
    () => ({ state, dispatch, api, popover, signIn, signInWithToken, signOut, refreshUser }),
    [state, api, popover, signIn, signInWithToken, signOut, refreshUser],
  );
  return <ClientContext.Provider value={value}>{children}</ClientContext.Provider>;
}

export function useClient(): Client {
  const value = useContext(ClientContext);
  if (!value) throw new Error('useClient outside ClientProvider');
  return value;
}
