import type { PageLanguage } from './language.ts';

/**
 * The words of the public pages' link previews, in the player app's languages. The titles are the pages' own
 * (the player app's `usePageTitle` calls, docs/product.md#what-it-does: "{title} – {product}"), so a shared link and the open page agree;
 * test/api/seo.test.ts checks them against the app's dictionaries.
 */
export const SEO_WORDS = {
  en: {
    homeDescription:
      'Online 1v1 console football tournament. Play ranked matches, climb the Elo ranking and win prizes.',
    rankingTitle: 'Ranking',
    rankingDescription: 'The Elo ranking of every ranked player in {product}.',
    countriesTitle: 'Countries',
    countriesDescription: 'The ranked players of each country together.',
    clubsTitle: 'Clubs',
    clubsDescription: 'The ranked players of each real-life club together.',
    newsTitle: 'News',
    newsDescription: 'The latest news from {product}.',
    forumsTitle: 'Forums',
    forumsDescription: 'Talk with other players of {product}: matches, tactics, trophies and more.',
    threadDescription: 'A conversation in {category}.',
    rulesTitle: 'Rules',
    rulesDescription: 'The rules of {product}: matches, results, Elo and fair play.',
    termsTitle: 'Terms',
    termsDescription: 'The terms of use of {product}.',
    trophyTitle: 'Coca-Cola Trophy hunt',
    trophyDescription: 'Chase, defend and secure trophies in the weekly hunt.',
    playerTitle: 'Player {name}',
    playerDescription: '{name} in {product}: Elo {elo}, {games} games ({wins} won, {ties} drawn, {losses} lost).',
    playerRanked: 'Rank {rank}',
    playerUnknown: 'A player of {product}.',
    gamesShort: '{games} games',
    category2Title: 'Coca-Cola Trophy hunt',
    category3Title: 'General Discussion',
    category0Description: 'Talk about Gothia Cup, the teams and the trip to the final.',
    category1Description: 'Matches, results, rules and tactics in {product}.',
    category2Description: 'Chase, defend and secure trophies in the weekly hunt.',
    category3Description: 'Everything else: football, FIFA, gear and getting to know each other.',
  },
  sv: {
    homeDescription:
      'Onlineturnering i konsolfotboll, en mot en. Spela rankade matcher, klättra på Elo-rankingen och vinn priser.',
    rankingTitle: 'Rankinglista',
    rankingDescription: 'Elo-rankingen för alla rankade spelare i {product}.',
    countriesTitle: 'Länder',
    countriesDescription: 'Varje lands rankade spelare tillsammans.',
    clubsTitle: 'Klubbar',
    clubsDescription: 'Varje verklig klubbs rankade spelare tillsammans.',
    newsTitle: 'Nyheter',
    newsDescription: 'De senaste nyheterna från {product}.',
    forumsTitle: 'Forum',
    forumsDescription: 'Prata med andra spelare i {product}: matcher, taktik, troféer och mer.',
    threadDescription: 'Ett samtal i {category}.',
    rulesTitle: 'Regler',
    rulesDescription: 'Reglerna för {product}: matcher, resultat, Elo och schyst spel.',
    termsTitle: 'Villkor',
    termsDescription: 'Användarvillkoren för {product}.',
    trophyTitle: 'Coca-Cola Troféjakt',
    trophyDescription: 'Jaga, försvara och säkra troféer i veckans jakt.',
    playerTitle: 'Spelaren {name}',
    playerDescription:
      '{name} i {product}: Elo {elo}, {games} matcher ({wins} vunna, {ties} oavgjorda, {losses} förlorade).',
    playerRanked: 'Placering {rank}',
    playerUnknown: 'En spelare i {product}.',
    gamesShort: '{games} matcher',
    category2Title: 'Coca-Cola Troféjakt',
    category3Title: 'Allmänt',
    category0Description: 'Prata om Gothia Cup, lagen och resan till finalen.',
    category1Description: 'Matcher, resultat, regler och taktik i {product}.',
    category2Description: 'Jaga, försvara och säkra troféer i veckans jakt.',
    category3Description: 'Allt annat: fotboll, FIFA, utrustning och att lära känna varandra.',
  },
} as const satisfies Record<PageLanguage, Record<string, string>>;

export type SeoWord = keyof (typeof SEO_WORDS)['en'];

/** A preview word in `lang` with its `{placeholders}` filled. */
export function seoWord(lang: PageLanguage, key: SeoWord, params: Record<string, string | number> = {}): string {
  return SEO_WORDS[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
