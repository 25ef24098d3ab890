import { useState } from 'react';
import Button from '@mui/material/Button';
import Download from '@mui/icons-material/Download';
import { useNotify } from 'react-admin';
import { authorizationHeader } from '../credentials.ts';

/**
 * Downloads `GET /admin/api/trophy-winners.csv` (canSeeTrophyWinners). The call needs the console's
 * `Authorization` header, so it is fetched and handed to the browser as a file rather than opened as a link.
 */
export function ExportCsvButton() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const headers = new Headers({ Accept: 'text/csv' });
      const authorization = authorizationHeader();
      if (authorization) headers.set('Authorization', authorization);
      const response = await fetch('/admin/api/trophy-winners.csv', { headers });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        throw new Error(body?.error ?? `The export failed (${response.status}).`);
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = 'trophy-winners.csv';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button startIcon={<Download />} onClick={() => void download()} disabled={busy}>
      Export CSV
    </Button>
  );
}
