import test from 'ava';
import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';
import { filterLine, MASK } from './index.ts';

const obscenity = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

test("masks every line obscenity's own English matcher finds, evasions included", (t) => {
  const lines = [
    'fuck',
    'fuuuuck off',
    'sh1t game',
    'b1tch',
    'a$$hole',
    'cunt',
    'c0ck',
    'd1ck',
    'p0rn',
    'n1gger',
    'wh0re',
    'tw4t',
    'wank3r',
    'fvck',
    'b!tch',
    'ʃ𝐟ʃὗƈｋ you',
    'bastard ref',
    'pussy',
    'retard',
    'f@g',
    'fagg0t',
    'd!ck',
    'tits',
    'dildo',
    'motherfucker',
    'bullshit',
    'what the fuck was that',
    'ur such a b i t c h',
    'sluts',
  ];
  for (const line of lines) {
    if (!obscenity.hasMatch(line)) continue;
    const shown = filterLine(line).text;
    t.true(shown.includes(MASK), `${line} → ${shown}`);
  }
  t.true(lines.filter((line) => obscenity.hasMatch(line)).length >= 25);
});
