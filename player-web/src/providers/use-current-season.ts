import { startTransition, useEffect, useState } from 'react';
import { PRODUCT_NAME_DEFAULT, type SeasonPayload } from '@ecup/domain';
import { CURRENT_SEASON, getCurrentSeason } from './get-current-season.ts';
import { useDrawn } from '../lib/page-data.ts';
import { useClient } from './client-context.tsx';
import { useRealtimeEvent } from './realtime-context.tsx';

export type SeasonState =
  { status: 'loading' } | { status: 'ready'; productName: string; season: SeasonPayload | null };

/** The state for a season answer: its product name, or the default and no season when the answer has none. */
function readySeason(season: SeasonPayload): SeasonState {
  const productName = typeof season.product_name === 'string' ? season.product_name.trim() : '';
  return productName
    ? { status: 'ready', productName, season }
    : { status: 'ready', productName: PRODUCT_NAME_DEFAULT, season: null };
}

/**
 * Loads the current season once, and takes the season the server pushes at the weekly window's opening and
 * closing, so an open app switches between open and closed without a reload. A failed or malformed answer falls back to PRODUCT_NAME_DEFAULT ("eCup") rather than
 * blocking the page: the product name is branding, not something a player needs to act on.
 */
export function useCurrentSeason(): SeasonState {
  const { api } = useClient();
  // A server-rendered page was drawn with the season: the app starts with it rather than the loading screen.
  const drawn = useDrawn(() => api.peek<SeasonPayload>(CURRENT_SEASON));
  const [state, setState] = useState<SeasonState>(() => (drawn ? readySeason(drawn) : { status: 'loading' }));

  useEffect(() => {
    if (drawn) return;
    const controller = new AbortController();
    getCurrentSeason(api, controller.signal)
      .then((season) => {
        // The whole app draws once the season is known: in slices, so the page stays responsive meanwhile.
        startTransition(() => setState(readySeason(season)));
      })
      .catch(() => {
        if (!controller.signal.aborted) {
          startTransition(() => setState({ status: 'ready', productName: PRODUCT_NAME_DEFAULT, season: null }));
        }
      });
    return () => controller.abort();
  }, [api, drawn]);
  useRealtimeEvent('season', (season) => startTransition(() => setState(readySeason(season))));

  return state;
}
