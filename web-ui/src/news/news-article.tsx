import type { ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * Reading styles for the editor's HTML (paragraphs, sub-headings, lists, links, images, quotes): the player app's
 * article and the console's preview of it read the same.
 */
export const newsContentStyles = {
  fontSize: '1.0625rem',
  lineHeight: 1.7,
  overflowWrap: 'break-word',
  '& p': { my: 2 },
  '& h2': { typography: 'h5', fontWeight: 700, mt: 4, mb: 1.5 },
  '& h3, & h4': { typography: 'h6', mt: 3, mb: 1 },
  '& ul, & ol': { pl: 3, my: 2 },
  '& li': { my: 0.5 },
  '& a': { color: 'primary.main', textUnderlineOffset: '0.15em' },
  '& a:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2, borderRadius: 0.5 },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 2 },
  '& blockquote': { m: 0, my: 2, pl: 2, borderLeft: 4, borderColor: 'primary.main', color: 'text.secondary' },
  '& table': { display: 'block', maxWidth: '100%', overflowX: 'auto' },
} as const;

/** The category over an article's title: a small green capitalised label on a dark chip. */
export function NewsCategoryBadge({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        mb: 1.5,
        px: 1,
        py: 0.25,
        borderRadius: 1,
        bgcolor: 'rgba(6, 14, 26, 0.75)',
        color: '#7ee2a0',
        fontSize: '0.75rem',
        fontWeight: 700,
        letterSpacing: '0.08em',
        textTransform: 'uppercase',
      }}
    >
      {children}
    </Box>
  );
}

/**
 * An article's body. `html` is the server's sanitised HTML (an allow-list when it is saved and again when it is sent,
 * docs/decisions.md#content-and-uploads: no script, no event handlers, no javascript: URLs), so it is inserted as it comes.
 */
export function NewsContent({ html, ref }: { html: string; ref?: Ref<HTMLDivElement> }) {
  return (
    <Box ref={ref} data-news-content sx={{ ...newsContentStyles, mt: 3 }} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

/** Below the body: who published the article (already worded, in the reader's language) and when. */
export function NewsArticleFooter({ publishedBy, when }: { publishedBy?: string; when: ReactNode }) {
  return (
    <Box
      component="footer"
      sx={{
        mt: 4,
        pt: 2,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 3,
        rowGap: 0.5,
        color: 'text.secondary',
      }}
    >
      {publishedBy !== undefined && <Typography variant="body2">{publishedBy}</Typography>}
      <Typography variant="body2">{when}</Typography>
    </Box>
  );
}
