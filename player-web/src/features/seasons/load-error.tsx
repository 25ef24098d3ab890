import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useI18n } from '../../i18n/i18n.tsx';

/** The seasons list or a season's page failed to load: the error and a button that loads it again. */
export function SeasonsLoadError({ onRetry }: { onRetry(): void }) {
  const { t } = useI18n();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          {t('seasons.retry')}
        </Button>
      }
    >
      {t('seasons.error')}
    </Alert>
  );
}
