import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from '../../providers/client-context.tsx';
import { useRealtimeEvent, useResync } from '../../providers/realtime-context.tsx';
import { serverNow } from '../../lib/server-clock.ts';
import { useDrawn } from '../../lib/page-data.ts';
import { drawnTrophyHolders, getTrophyHolders } from './get-trophy-holders.ts';
import { drawnTrophyStats, getTrophyStats } from './get-trophy-stats.ts';
import { holdersView, nextChangeAt, trophyHuntView, type HolderView, type TrophyHuntView } from './trophy-hunt.ts';

/** The live list of holders (and the pool with it) is read again this often while the tab is visible. */
export const HOLDERS_REFRESH_MS = 15_000;

/** A timer never waits longer than this (setTimeout overflows past 24.8 days; the poll runs meanwhile anyway). */
const LONGEST_WAIT_MS = 60 * 60_000;

/** A moment the page changes by itself is read a little after it, once the server has certainly moved on. */
const AFTER_CHANGE_MS = 1_000;

export type Loadable<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

export interface TrophyStatsState {
  stats: Loadable<TrophyHuntView>;
  /** The user the stats were read for (null: as a visitor), so a fresh sign-in waits for its own answer. */
  statsUserId: number | null;
  holders: Loadable<HolderView[]>;
}

/**
 * The trophy hunt's stats and the live list of holders, kept current: read on load and whenever the signed-in user
 * changes, after every reconnect (anything pushed meanwhile may have been missed), on every `stats` event (a final
 * result moved trophies), every 15 s while the tab is visible (visitors have no push) and right after a reset, an
 * expiry or the end. A failed re-read keeps what is shown; only a first load shows the error.
 */
export function useTrophyHunt() {
  const { api, state: client } = useClient();
  const userId = client.user?.id ?? null;
  const authenticating = client.authenticating;
  // A server-rendered page was drawn with a visitor's stats and the holders: the page starts with them, and the
  // first read below brings the signed-in player's own.
  const drawnStats = useDrawn(() => drawnTrophyStats(api));
  const drawnHolders = useDrawn(() => drawnTrophyHolders(api));
  const [state, setState] = useState<TrophyStatsState>(() => {
    const stats = drawnStats;
    const holders = drawnHolders;
    return {
      stats: stats ? { status: 'ready', data: trophyHuntView(stats) } : { status: 'loading' },
      statsUserId: null,
      holders: holders ? { status: 'ready', data: holdersView(holders) } : { status: 'loading' },
    };
  });
  const statsReads = useRef(0);
  const holdersReads = useRef(0);
  const userRef = useRef(userId);
  userRef.current = userId;

  const readStats = useCallback(async () => {
    const read = ++statsReads.current;
    const forUser = userRef.current;
    try {
      const answer = await getTrophyStats(api);
      if (read !== statsReads.current) return;
      setState((s) => ({ ...s, stats: { status: 'ready', data: trophyHuntView(answer) }, statsUserId: forUser }));
    } catch {
      if (read !== statsReads.current) return;
      setState((s) => (s.stats.status === 'ready' ? s : { ...s, stats: { status: 'error' } }));
    }
  }, [api]);

  const readHolders = useCallback(async () => {
    const read = ++holdersReads.current;
    try {
      const answer = await getTrophyHolders(api);
      if (read !== holdersReads.current) return;
      setState((s) => ({ ...s, holders: { status: 'ready', data: holdersView(answer) } }));
    } catch {
      if (read !== holdersReads.current) return;
      setState((s) => (s.holders.status === 'ready' ? s : { ...s, holders: { status: 'error' } }));
    }
  }, [api]);

  const refresh = useCallback(() => {
    void readStats();
    void readHolders();
  }, [readStats, readHolders]);

  // First read, and again once a stored session is checked or the player signs in or out.
  useEffect(() => {
    if (authenticating) return;
    refresh();
  }, [userId, authenticating, refresh]);

  useResync(refresh);
  // The event is a cue: the answer to the stats call is the whole truth (pool, counts and windows).
  useRealtimeEvent('stats', refresh);

  useEffect(() => {
    const poll = setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, HOLDERS_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(poll);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  const changeAt =
    state.stats.status === 'ready'
      ? nextChangeAt(state.stats.data, state.holders.status === 'ready' ? state.holders.data : [])
      : null;
  useEffect(() => {
    if (changeAt === null) return;
    const wait = Math.min(LONGEST_WAIT_MS, Math.max(0, changeAt - serverNow()) + AFTER_CHANGE_MS);
    const timer = setTimeout(refresh, wait);
    return () => clearTimeout(timer);
  }, [changeAt, refresh]);

  const retry = useCallback(() => {
    setState((s) => ({
      ...s,
      stats: s.stats.status === 'error' ? { status: 'loading' } : s.stats,
      holders: s.holders.status === 'error' ? { status: 'loading' } : s.holders,
    }));
    refresh();
  }, [refresh]);

  return { ...state, userId, retry };
}
