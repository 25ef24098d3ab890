import { startTransition, useContext, useEffect, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Breakpoint, Theme } from '@mui/material/styles';
import { PageDataContext, drawingOverServerHtml } from '../lib/page-data.ts';

/**
 * Whether the screen is narrower than `below` (a breakpoint or pixels), for a list drawn as cards there and as a
 * table beyond. The server does not know the screen: it draws a phone's browser the cards and any other the table,
 * and the browser's first render over its page draws the same; a screen on the other side of `below`
 * turns the list over right after.
 */
export function useNarrowScreen(below: Breakpoint | number): boolean {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down(below), { noSsr: true });
  const drawnNarrow = useContext(PageDataContext).narrow ?? true;
  // Over the server's HTML it draws what the server drew, and turns over (as a transition) only when the screen
  // turns out to be on the other side: a list that already fits is not drawn again.
  const [asDrawn, setAsDrawn] = useState(drawingOverServerHtml);
  useEffect(() => {
    if (asDrawn && narrow !== drawnNarrow) startTransition(() => setAsDrawn(false));
  }, [asDrawn, narrow, drawnNarrow]);
  return asDrawn ? drawnNarrow : narrow;
}
