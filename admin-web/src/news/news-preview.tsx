import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AdminNewsRecord } from '@ecup/domain';
import { formatWhen } from '../dates.tsx';

/** Reading styles of the player app's article (player-web news page), so the preview reads the same. */
const contentStyles = {
  fontSize: '1.0625rem',
  lineHeight: 1.7,
  overflowWrap: 'break-word',
  '& p': { my: 2 },
  '& h2': { typography: 'h5', fontWeight: 700, mt: 4, mb: 1.5 },
  '& h3, & h4': { typography: 'h6', mt: 3, mb: 1 },
  '& ul, & ol': { pl: 3, my: 2 },
  '& li': { my: 0.5 },
  '& a': { color: 'primary.main', textUnderlineOffset: '0.15em' },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 2 },
  '& blockquote': { m: 0, my: 2, pl: 2, borderLeft: 4, borderColor: 'primary.main', color: 'text.secondary' },
  '& table': { display: 'block', maxWidth: '100%', overflowX: 'auto' },
} as const;

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
 * The article as the player page shows it (spec §2 News page: image, category, title, HTML content, publisher and
 * time), drawn from the record the server answered: its `content` is the server's sanitised HTML (decisions §9),
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
            {record.category}
          </Box>
          <Typography
            variant="h1"
            sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.15, overflowWrap: 'break-word' }}
          >
            {record.title}
          </Typography>
        </Box>
      </Box>
      <Box
        ref={content}
        sx={{ ...contentStyles, mt: 3 }}
        // The server's sanitised HTML (allow-list on save and again on output, decisions §9), as the player app
        // inserts it.
        dangerouslySetInnerHTML={{ __html: record.content }}
      />
      <Box
        component="footer"
        sx={{ mt: 4, pt: 2, borderTop: 1, borderColor: 'divider', display: 'flex', gap: 3, color: 'text.secondary' }}
      >
        {publisher !== '' && <Typography variant="body2">Published by {publisher}</Typography>}
        <Typography variant="body2">{formatWhen(record.published_at)}</Typography>
      </Box>
    </Box>
  );
}
