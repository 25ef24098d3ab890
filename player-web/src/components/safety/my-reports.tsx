import { useEffect, useState } from 'react';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { OwnReportPayload } from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { RecordList, RecordRow } from './record-list.tsx';
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
      <RecordList
        items={reports}
        empty={t('safety.reports.empty')}
        row={(report) => (
          <RecordRow
            key={report.id}
            data-report={String(report.id)}
            title={
              report.kind === 'forum'
                ? t('safety.reports.forumItem', { name: report.reported_username })
                : t('safety.reports.item', {
                    name: report.reported_username,
                    reason: t(`safety.reason.${report.reason}`),
                  })
            }
            caption={dateTime(new Date(report.created_at))}
            end={
              <Chip
                size="small"
                variant="outlined"
                color={report.handled ? 'success' : 'default'}
                label={report.handled ? t('safety.reports.handled') : t('safety.reports.open')}
              />
            }
          />
        )}
      />
    </Paper>
  );
}
