import { useI18n } from '../../i18n/i18n.tsx';
import { LegalDocumentView, useSeasonFacts } from './legal-document-view.tsx';
import { terms as termsEn } from './terms.en.ts';
import { terms as termsSv } from './terms.sv.ts';

/** /terms (docs/product.md#screens-and-routes): eligibility, competition, prizes, privacy, conduct, contact. */
export function Component() {
  const { lang, t } = useI18n();
  const facts = useSeasonFacts();
  return <LegalDocumentView document={(lang === 'sv' ? termsSv : termsEn)(facts)} pageTitle={t('terms.pageTitle')} />;
}
