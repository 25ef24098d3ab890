import { defineDictionary } from '../../i18n/dictionary.ts';

/** Strings of the ranking page (the table's own strings are in components/ranking/i18n.ts). */
export const ranking = defineDictionary(
  {
    'ranking.title': 'Ranking',
    'ranking.intro': 'Every ranked player of the season. Switch between Elo points and secured trophies.',
    'ranking.sort.label': 'Sort the ranking by',
    'ranking.sort.elo': 'Elo points',
    'ranking.sort.trophies': 'Trophies',
  },
  {
    'ranking.title': 'Rankinglista',
    'ranking.intro': 'Alla rankade spelare den här säsongen. Växla mellan Elo-poäng och säkrade troféer.',
    'ranking.sort.label': 'Sortera rankinglistan efter',
    'ranking.sort.elo': 'Elo-poäng',
    'ranking.sort.trophies': 'Troféer',
  },
);
