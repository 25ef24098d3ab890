import test from 'ava';
import type { UserPayload } from '@ecup/domain';
import { clientReducer, initialClientState, type ClientState } from './client-state.ts';

const user = { id: 7, username: 'alva' } as UserPayload;

test('setting a user ends authenticating', (t) => {
  const state = clientReducer({ ...initialClientState, authenticating: true }, { type: 'set-user', user });
  t.is(state.user, user);
  t.false(state.authenticating);
});

test('setting the user to none leaves the authenticating flag unchanged', (t) => {
  for (const authenticating of [true, false]) {
    const state = clientReducer({ ...initialClientState, user, authenticating }, { type: 'set-user', user: null });
    t.is(state.user, null);
    t.is(state.authenticating, authenticating);
  }
});

test('selecting a dropdown opens it, selecting the open one closes it, another one switches', (t) => {
  let state: ClientState = initialClientState;
  state = clientReducer(state, { type: 'toggle-dropdown', name: 'sign-in' });
  t.is(state.dropdown, 'sign-in');
  state = clientReducer(state, { type: 'toggle-dropdown', name: 'user-menu' });
  t.is(state.dropdown, 'user-menu');
  state = clientReducer(state, { type: 'toggle-dropdown', name: 'user-menu' });
  t.is(state.dropdown, null);
});

test('popovers get sequential ids and close by id', (t) => {
  let state: ClientState = initialClientState;
  state = clientReducer(state, { type: 'add-popover', popover: { title: 'Error', content: 'a' } });
  state = clientReducer(state, { type: 'add-popover', popover: { title: 'Error', content: 'b' } });
  state = clientReducer(state, { type: 'add-popover', popover: { title: 'Login error', content: 'c' } });
  t.deepEqual(
    state.popovers.map((p) => p.id),
    [1, 2, 3],
  );
  state = clientReducer(state, { type: 'close-popover', id: 2 });
  t.deepEqual(
    state.popovers.map((p) => p.content),
    ['a', 'c'],
  );
  state = clientReducer(state, { type: 'add-popover', popover: { title: 'Error', content: 'd' } });
  t.is(state.popovers.at(-1)!.id, 4, 'ids are never reused');
});

test('navigation closes the open dropdown and the nav bar', (t) => {
  const open = { ...initialClientState, dropdown: 'sign-in', navOpen: true };
  const state = clientReducer(open, { type: 'navigated' });
  t.is(state.dropdown, null);
  t.false(state.navOpen);
  t.is(clientReducer(initialClientState, { type: 'navigated' }), initialClientState, 'nothing open: same state');
});
