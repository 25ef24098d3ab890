import { defineDictionary } from '../../i18n/dictionary.ts';

/** Strings of the rules and terms screens (the documents themselves are in rules.*.ts and terms.*.ts). */
export const rules = defineDictionary(
  {
    'rules.pageTitle': 'Rules',
    'terms.pageTitle': 'Terms',
    'rules.contents': 'Contents',
    'rules.backToTop': 'Back to top',
  },
  {
    'rules.pageTitle': 'Regler',
    'terms.pageTitle': 'Villkor',
    'rules.contents': 'Innehåll',
    'rules.backToTop': 'Till början',
  },
);
