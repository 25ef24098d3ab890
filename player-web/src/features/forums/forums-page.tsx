import { useParams } from 'react-router-dom';
import Container from '@mui/material/Container';
import { findForumCategory, forumCategories } from '@ecup/domain';
import { useSeason } from '../../providers/season-context.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { NotFoundScreen } from '../../components/not-found-screen.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { CategoryList } from './category-list.tsx';
import { localiseCategory } from './category-text.ts';
import { NewThreadForm } from './new-thread-form.tsx';
import { ThreadList } from './thread-list.tsx';
import { ThreadView } from './thread-view.tsx';

/** The word in the thread position of the address that opens the new-topic form (docs/product.md#screens-and-routes). */
const NEW_THREAD = 'new_thread';

function CategoryNotFound() {
  const { t } = useI18n();
  usePageTitle(t('forums.categoryNotFound'));
  return (
    <NotFoundScreen
      title={t('forums.categoryNotFound')}
      hint={t('forums.categoryNotFoundHint')}
      action={{ label: t('forums.toCategories'), to: '/forums' }}
    />
  );
}

/**
 * Route /forums/{category?}/{thread?} (docs/product.md#screens-and-routes): the categories, a category's topics, one thread, or the
 * new-topic form. The category is a slug; category 1's slug and title come from the season's product name.
 */
export function Component() {
  const { category: slug, thread } = useParams();
  const { productName } = useSeason();
  const { t } = useI18n();

  let screen;
  if (slug === undefined) {
    screen = <CategoryList categories={forumCategories(productName).map((c) => localiseCategory(t, c, productName))} />;
  } else {
    const found = findForumCategory(slug, productName);
    const category = found && localiseCategory(t, found, productName);
    if (!category) screen = <CategoryNotFound />;
    else if (thread === undefined) screen = <ThreadList key={category.id} category={category} />;
    else if (thread === NEW_THREAD) screen = <NewThreadForm category={category} />;
    else screen = <ThreadView key={thread} category={category} threadParam={thread} />;
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      {screen}
    </Container>
  );
}
