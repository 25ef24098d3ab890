import { useSearchParams } from 'react-router-dom';
import { SearchBox } from '../search-box.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import './i18n.ts';

/** The search runs once typing pauses this long (or at once on Enter). */
const SEARCH_PAUSE_MS = 300;

/** The longest search text the ranking list accepts. */
const SEARCH_MAX_LENGTH = 50;

/**
 * The ranking's search box (docs/product.md#screens-and-routes: the ranking page). The page that shows it passes it to RankingTable, so the
 * home page's short list does not download a text field it never shows.
 */
export function RankingSearch({ onSearch }: { onSearch(text: string): void }) {
  const { t } = useI18n();
  // A link may open the ranking already searched (`/ranking?search=name`).
  const [params] = useSearchParams();
  return (
    <SearchBox
      label={t('ranking.search.label')}
      hint={t('ranking.search.hint')}
      clearLabel={t('ranking.search.clear')}
      submitLabel={t('ranking.search.submit')}
      maxLength={SEARCH_MAX_LENGTH}
      pauseMs={SEARCH_PAUSE_MS}
      initialValue={(params.get('search') ?? '').slice(0, SEARCH_MAX_LENGTH)}
      onSearch={onSearch}
    />
  );
}
