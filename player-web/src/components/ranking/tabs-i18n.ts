import { defineDictionary } from '../../i18n/dictionary.ts';

/** The tab bar shared by the player, country and club rankings. */
export const rankingTabs = defineDictionary(
  {
    'rankingTabs.label': 'Rankings',
    'rankingTabs.players': 'Players',
    'rankingTabs.countries': 'Countries',
    'rankingTabs.clubs': 'Clubs',
    'rankingTabs.seasons': 'Seasons',
  },
  {
    'rankingTabs.label': 'Rankinglistor',
    'rankingTabs.players': 'Spelare',
    'rankingTabs.countries': 'Länder',
    'rankingTabs.clubs': 'Klubbar',
    'rankingTabs.seasons': 'Säsonger',
  },
);
