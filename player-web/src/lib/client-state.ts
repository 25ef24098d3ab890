import type { UserPayload } from '@ecup/domain';
import type { PopoverContent } from './api-client.ts';

/** A dialog with an OK button (docs/product.md#entities Popover); ids are given in order of creation. */
export interface Popover {
  id: number;
  title: string;
  /** A text in the reader's language, or a server's message, shown by its code in the language of the moment. */
  content: PopoverContent;
  exClassName?: string;
  custom?: boolean;
}

/** The client state of docs/product.md#states. */
export interface ClientState {
  user: UserPayload | null;
  authenticating: boolean;
  /** The open dropdown, if any (e.g. 'sign-in', 'user-menu'). */
  dropdown: string | null;
  navOpen: boolean;
  popovers: Popover[];
  nextPopoverId: number;
}

export type ClientAction =
  | { type: 'set-user'; user: UserPayload | null }
  | { type: 'set-authenticating'; authenticating: boolean }
  | { type: 'toggle-dropdown'; name: string }
  | { type: 'close-dropdown' }
  | { type: 'set-nav-open'; open: boolean }
  | { type: 'add-popover'; popover: Omit<Popover, 'id'> }
  | { type: 'close-popover'; id: number }
  | { type: 'navigated' };

export const initialClientState: ClientState = {
  user: null,
  authenticating: false,
  dropdown: null,
  navOpen: false,
  popovers: [],
  nextPopoverId: 1,
};

/**
 * docs/product.md#states client state rules: a user being set ends authenticating, but setting the user to none leaves the flag
 * unchanged; selecting the open dropdown closes it; popovers get sequential ids and close by id; navigation
 * closes the open dropdown and the nav bar.
 */
export function clientReducer(state: ClientState, action: ClientAction): ClientState {
  switch (action.type) {
    case 'set-user':
      return action.user ? { ...state, user: action.user, authenticating: false } : { ...state, user: null };
    case 'set-authenticating':
      return { ...state, authenticating: action.authenticating };
    case 'toggle-dropdown':
      return { ...state, dropdown: state.dropdown === action.name ? null : action.name };
    case 'close-dropdown':
      return state.dropdown === null ? state : { ...state, dropdown: null };
    case 'set-nav-open':
      return { ...state, navOpen: action.open };
    case 'add-popover':
      return {
        ...state,
        popovers: [...state.popovers, { ...action.popover, id: state.nextPopoverId }],
        nextPopoverId: state.nextPopoverId + 1,
      };
    case 'close-popover':
      return { ...state, popovers: state.popovers.filter((p) => p.id !== action.id) };
    case 'navigated':
      return state.dropdown === null && !state.navOpen ? state : { ...state, dropdown: null, navOpen: false };
  }
}
