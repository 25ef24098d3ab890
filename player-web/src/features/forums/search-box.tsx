import { FORUM_SEARCH_MAX } from '@ecup/domain';
import { SearchBox } from '../../components/search-box.tsx';
import { useI18n } from '../../i18n/i18n.tsx';

/** The search runs once typing pauses this long (or at once on Enter). */
const SEARCH_PAUSE_MS = 350;

/** A forum search form (threads by title, or posts of a thread); see the shared `SearchBox`. */
export function ForumSearchBox({
  label,
  hint,
  onSearch,
}: {
  label: string;
  hint: string;
  onSearch(text: string): void;
}) {
  const { t } = useI18n();
  return (
    <SearchBox
      label={label}
      hint={hint}
      clearLabel={t('forums.search.clear')}
      submitLabel={t('forums.search.submit')}
      maxLength={FORUM_SEARCH_MAX}
      pauseMs={SEARCH_PAUSE_MS}
      onSearch={onSearch}
    />
  );
}
