import useMediaQuery from '@mui/material/useMediaQuery';
import type { Breakpoint, Theme } from '@mui/material/styles';
import { useHydrating } from '../lib/page-data.ts';

/**
 * Whether the screen is narrower than `below` (a breakpoint or pixels), for a list drawn as cards there and as a
 * table beyond. The server does not know the screen: a page it draws has the cards, which fit every width, and so
 * does the browser's first render over it (issue 21); a wide screen turns them into the table right after.
 */
export function useNarrowScreen(below: Breakpoint | number): boolean {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down(below), { noSsr: true });
  return useHydrating() || narrow;
}
