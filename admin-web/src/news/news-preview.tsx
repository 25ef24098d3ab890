import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AdminNewsRecord } from '@ecup/domain';
import { NewsArticleFooter, NewsCategoryBadge, NewsContent } from '@ecup/web-ui';
import { formatWhen } from '../dates.tsx';

/**
 * The article's own links (another site, or a page of the player app) open in a new tab, so following one from the
 * preview never leaves the console.
 */
function useLinksInNewTab(html: string) {
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    content.current?.querySelectorAll('a[href]').forEach((link) => {
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
    });
  }, [html]);
  return content;
}

/**
 * The article as the player page shows it (docs/product.md#screens-and-routes News page: image, category, title, HTML content, publisher and
 * time), drawn from the record the server answered: its `content` is the server's sanitised HTML (docs/decisions.md#content-and-uploads),
 * never what was typed into the editor.
 */
export function NewsPreview({ record }: { record: AdminNewsRecord }) {
  const content = useLinksInNewTab(record.content);
  const publisher = record.publisher ? `${record.publisher.first_name} ${record.publisher.last_name}`.trim() : '';
  return (
    <Box component="article" aria-label="Preview as players see it">
      <Box
        component="header"
        sx={{
          position: 'relative',
          display: 'flex',
          alignItems: 'flex-end',
          minHeight: 240,
          borderRadius: 3,
          overflow: 'hidden',
          background: record.image_url ? '#0b1a2e' : 'linear-gradient(135deg, #13243d 0%, #1b7a3d 100%)',
        }}
      >
        {record.image_url && (
          <Box
            component="img"
            src={record.image_url}
            alt=""
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
          />
        )}
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            background:
              'linear-gradient(to top, rgba(6, 14, 26, 0.97) 0%, rgba(6, 14, 26, 0.9) 25%, rgba(6, 14, 26, 0.55) 60%, rgba(6, 14, 26, 0.1) 100%)',
          }}
        />
        <Box sx={{ position: 'relative', p: 3, color: '#fff' }}>
          <NewsCategoryBadge>{record.category}</NewsCategoryBadge>
          <Typography
            variant="h1"
            sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.15, overflowWrap: 'break-word' }}
          >
            {record.title}
          </Typography>
        </Box>
      </Box>
      <NewsContent ref={content} html={record.content} />
      <NewsArticleFooter
        publishedBy={publisher !== '' ? `Published by ${publisher}` : undefined}
        when={formatWhen(record.published_at)}
      />
    </Box>
  );
}
