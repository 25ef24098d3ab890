import { useI18n } from '../../i18n/i18n.tsx';
import { LegalDocumentView, useSeasonFacts } from './legal-document-view.tsx';
import { rules as rulesEn } from './rules.en.ts';
import { rules as rulesSv } from './rules.sv.ts';

/** /rules (docs/product.md#screens-and-routes): tournament, format, game mode, reporting, conflicts, forfeits, fair play, trophy hunt, FAQ. */
export function Component() {
  const { lang, t } = useI18n();
  const facts = useSeasonFacts();
  return <LegalDocumentView document={(lang === 'sv' ? rulesSv : rulesEn)(facts)} pageTitle={t('rules.pageTitle')} />;
}
