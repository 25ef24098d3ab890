import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSeason } from '../../providers/season-context.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import type { Block, LegalDocument, SeasonFacts } from './content-types.ts';
import { seasonFacts } from './season-facts.ts';

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'p':
      return <Typography sx={{ mb: 2, lineHeight: 1.7 }}>{block.text}</Typography>;
    case 'list':
      return (
        <Box component="ul" sx={{ pl: 3, mt: 0, mb: 2, '& li': { mb: 0.75, lineHeight: 1.6 } }}>
          {block.items.map((item) => (
            <li key={item}>
              <Typography component="span">{item}</Typography>
            </li>
          ))}
        </Box>
      );
    case 'qa':
      return (
        <Box sx={{ mb: 2.5 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
            {block.q}
          </Typography>
          <Typography sx={{ lineHeight: 1.7 }} color="text.secondary">
            {block.a}
          </Typography>
        </Box>
      );
  }
}

/** The season facts for the reader's language. */
export function useSeasonFacts(): SeasonFacts {
  const { locale } = useI18n();
  const { season, productName } = useSeason();
  return seasonFacts(season, productName, locale);
}

/** A rules or terms document: title, introduction, contents with anchors, and its sections. */
export function LegalDocumentView({ document: doc, pageTitle }: { document: LegalDocument; pageTitle: string }) {
  const { t } = useI18n();
  usePageTitle(pageTitle);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 6 } }}>
      <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', sm: '2.75rem' }, fontWeight: 700, mb: 2 }}>
        {doc.title}
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400, mb: 4 }}>
        {doc.intro}
      </Typography>
      <Paper component="nav" aria-labelledby="contents-heading" variant="outlined" sx={{ p: 2.5, mb: 5 }}>
        <Typography id="contents-heading" component="h2" variant="overline" color="text.secondary">
          {t('rules.contents')}
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 3, columns: { sm: 2 }, '& li': { mb: 0.5 } }}>
          {doc.sections.map((section) => (
            <li key={section.id}>
              <Link href={`#${section.id}`}>{section.title}</Link>
            </li>
          ))}
        </Box>
      </Paper>
      {doc.sections.map((section) => (
        <Box
          component="section"
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          sx={{ mb: 5, scrollMarginTop: 80 }}
        >
          <Typography id={`${section.id}-title`} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
            {section.title}
          </Typography>
          {section.blocks.map((block, i) => (
            <BlockView key={i} block={block} />
          ))}
        </Box>
      ))}
      <Link href="#main" variant="body2">
        {t('rules.backToTop')}
      </Link>
    </Container>
  );
}
