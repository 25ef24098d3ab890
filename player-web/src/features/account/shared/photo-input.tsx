import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import { PHOTO_ACCEPT, isAcceptedFileType } from '@ecup/domain';
import { useClient } from '../../../providers/client-context.tsx';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { useI18n } from '../../../i18n/i18n.tsx';

/** An object URL for a chosen file, revoked when the file changes or the component goes away. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * A JPEG or PNG photo picker with a preview thumbnail (docs/product.md#validation "photos: jpeg or png"). A file of another type is
 * refused at once with the Error popover (the domain's file-type check), clears the choice and is never sent.
 */
export function PhotoInput({
  id,
  label,
  file,
  onChange,
  current,
}: {
  id: string;
  label: ReactNode;
  file: File | null;
  onChange(file: File | null): void;
  /** What shows when no file is chosen (e.g. the current avatar). */
  current?: ReactNode;
}) {
  const { t, tm } = useI18n();
  const { popover } = useClient();
  const preview = usePreviewUrl(file);
  const input = useRef<HTMLInputElement>(null);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    // Cleared so that picking the same file again still counts as a change.
    event.target.value = '';
    if (!chosen) return;
    if (!isAcceptedFileType(chosen, PHOTO_ACCEPT)) {
      // A refused file replaces any earlier choice: nothing is left to upload by mistake.
      onChange(null);
      popover(tm('errorTitle'), tm('photoType'));
      return;
    }
    onChange(chosen);
  }

  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography
        id={`${id}-label`}
        component="label"
        htmlFor={id}
        variant="body2"
        sx={{ display: 'block', fontWeight: 500, mb: 1 }}
      >
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
        <Box
          sx={{
            width: 72,
            height: 72,
            flex: 'none',
            borderRadius: 2,
            overflow: 'hidden',
            border: 1,
            borderColor: 'divider',
            bgcolor: 'action.hover',
            display: 'grid',
            placeItems: 'center',
            color: 'text.secondary',
          }}
        >
          {preview ? (
            <Box
              component="img"
              src={preview}
              alt={t('account.photo.preview')}
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            (current ?? <AddPhotoAlternate aria-hidden />)
          )}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
            }}
          >
            <Box
              component="input"
              ref={input}
              id={id}
              type="file"
              accept={PHOTO_ACCEPT}
              onChange={choose}
              // The button below is the keyboard stop; it opens the picker.
              tabIndex={-1}
              sx={visuallyHidden}
            />
            <Button
              id={`${id}-button`}
              variant="outlined"
              size="small"
              aria-labelledby={`${id}-label ${id}-button`}
              onClick={() => input.current?.click()}
            >
              {file ? t('account.photo.change') : t('account.photo.choose')}
            </Button>
            {file && (
              <Button size="small" color="inherit" onClick={() => onChange(null)}>
                {t('account.photo.remove')}
              </Button>
            )}
          </Box>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', mt: 0.5, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {file ? file.name : t('account.photo.hint')}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
