import { useContext } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Breakpoint, Theme } from '@mui/material/styles';
import { PageDataContext, useHydrating } from '../lib/page-data.ts';

/**
 * Whether the screen is narrower than `below` (a breakpoint or pixels), for a list drawn as cards there and as a
 * table beyond. The server does not know the screen: it draws a phone's browser the cards and any other the table,
 * and the browser's first render over its page draws the same (issue 21); a screen on the other side of `below`
 * turns the list over right after.
 */
export function useNarrowScreen(below: Breakpoint | number): boolean {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down(below), { noSsr: true });
  const drawnNarrow = useContext(PageDataContext).narrow;
  return useHydrating() ? (drawnNarrow ?? true) : narrow;
}
