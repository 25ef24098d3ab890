import { useEffect, useState } from 'react';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OwnReportPayload } from '@ecup/domain';
import { useClient } from '../../app/client-context.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { getOwnReports } from './safety-api.ts';
import './i18n.ts';

/**
 * The player's own reports of opponents, chat lines and forum posts with their status; a handled one reads "We
 * looked at your report".
 */
export function MyReports() {
  const { t, dateTime } = useI18n();
  const { api } = useClient();
  const [reports, setReports] = useState<OwnReportPayload[] | null>(null);

  useEffect(() => {
    let live = true;
    getOwnReports(api)
      .then((answer) => live && setReports(answer.reports))
      .catch(() => live && setReports([]));
    return () => {
      live = false;
    };
  }, [api]);

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="my-reports-title"
      sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}
    >
      <Typography id="my-reports-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('safety.reports.title')}
      </Typography>
      {reports !== null && reports.length === 0 && (
        <Typography color="text.secondary">{t('safety.reports.empty')}</Typography>
      )}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {(reports ?? []).map((report) => (
          <Stack
            component="li"
            key={report.id}
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
            data-report={report.id}
          >
            <Stack sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                {report.kind === 'forum'
                  ? t('safety.reports.forumItem', { name: report.reported_username })
                  : t('safety.reports.item', {
                      name: report.reported_username,
                      reason: t(`safety.reason.${report.reason}`),
                    })}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {dateTime(new Date(report.created_at))}
              </Typography>
            </Stack>
            <Chip
              size="small"
              variant="outlined"
              color={report.handled ? 'success' : 'default'}
              label={report.handled ? t('safety.reports.handled') : t('safety.reports.open')}
            />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
