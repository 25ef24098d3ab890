import test from 'ava';
import { RANKING_SORT_ELO, RANKING_SORT_TROPHIES } from '@ecup/domain';
import { shownRank } from './ranking-rows.ts';

test('in the trophy order a player without a secured trophy shows no place; with one, their place', (t) => {
  t.is(shownRank({ rank: 1, secured_trophies: 0 }, RANKING_SORT_TROPHIES), null);
  t.is(shownRank({ rank: 40, secured_trophies: 0 }, RANKING_SORT_TROPHIES), null);
  t.is(shownRank({ rank: 1, secured_trophies: 3 }, RANKING_SORT_TROPHIES), 1);
  t.is(shownRank({ rank: 2, secured_trophies: 1 }, RANKING_SORT_TROPHIES), 2);
});

test('in the Elo order every ranked player shows their place, trophies or not', (t) => {
  t.is(shownRank({ rank: 1, secured_trophies: 0 }, RANKING_SORT_ELO), 1);
  t.is(shownRank({ rank: 7, secured_trophies: 2 }, RANKING_SORT_ELO), 7);
});
