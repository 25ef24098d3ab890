export { NewsArticleFooter, NewsCategoryBadge, NewsContent, newsContentStyles } from './news/news-article.tsx';
