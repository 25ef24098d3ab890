import { createContext, useContext, type ReactNode } from 'react';
import { PRODUCT_NAME_DEFAULT, type SeasonPayload } from '@ecup/domain';
import { useCurrentSeason } from './use-current-season.ts';
import { LoadingScreen } from '../components/loading-screen.tsx';

export interface SeasonInfo {
  productName: string;
  season: SeasonPayload | null;
}

const SeasonContext = createContext<SeasonInfo>({ productName: PRODUCT_NAME_DEFAULT, season: null });

/** The active season (product name, dates) for every screen; the app waits for it once at start. */
export function SeasonProvider({ children }: { children: ReactNode }) {
  const state = useCurrentSeason();
  if (state.status === 'loading') return <LoadingScreen />;
  return (
    <SeasonContext.Provider value={{ productName: state.productName, season: state.season }}>
      {children}
    </SeasonContext.Provider>
  );
}

export function useSeason(): SeasonInfo {
  return useContext(SeasonContext);
}
