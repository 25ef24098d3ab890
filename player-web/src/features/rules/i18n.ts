import { defineDictionary } from '../../i18n/dictionary.ts';

/** Strings of the rules and terms screens (the documents themselves are in rules.*.ts and terms.*.ts). */
export const rules = defineDictionary(
  {
    'rules.pageTitle': 'Rules',
    'terms.pageTitle': 'Terms',
    'rules.contents': 'Contents',
    'rules.windowRange': '{from} to {to} ({zone})',
    'rules.windowAllWeek': 'every day, all week ({zone})',
    'rules.backToTop': 'Back to top',
  },
  {
    'rules.pageTitle': 'Regler',
    'terms.pageTitle': 'Villkor',
    'rules.contents': 'Innehåll',
    'rules.windowRange': '{from} till {to} ({zone})',
    'rules.windowAllWeek': 'alla dagar, hela veckan ({zone})',
    'rules.backToTop': 'Till början',
  },
);
