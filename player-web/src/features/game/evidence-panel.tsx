import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import FileUpload from '@mui/icons-material/FileUpload';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import OndemandVideo from '@mui/icons-material/OndemandVideo';
import {
  PHOTO_ACCEPT,
  isAcceptedFileType,
  validateYoutubeLink,
  type EvidencePayload,
  type MessageRef,
} from '@ecup/domain';
import { useClient } from '../../providers/client-context.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { imageUrl } from '../../lib/images.ts';
import { uploadEvidence } from './upload-evidence.ts';

/** A YouTube video: a link, and the privacy-enhanced player only when the viewer asks for it. */
function VideoEvidence({ youtubeId }: { youtubeId: string }) {
  const { t } = useI18n();
  const [playing, setPlaying] = useState(false);
  return (
    <Box>
      {playing ? (
        <Box sx={{ position: 'relative', pt: '56.25%', borderRadius: 1, overflow: 'hidden', bgcolor: 'black' }}>
          <Box
            component="iframe"
            src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?autoplay=1`}
            title={t('game.evidence.video')}
            allow="autoplay; encrypted-media; picture-in-picture"
            allowFullScreen
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          />
        </Box>
      ) : (
        <Stack useFlexGap direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
          <Button size="small" variant="outlined" startIcon={<OndemandVideo />} onClick={() => setPlaying(true)}>
            {t('game.evidence.playHere')}
          </Button>
          <Link
            href={`https://www.youtube.com/watch?v=${encodeURIComponent(youtubeId)}`}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
          >
            {t('game.evidence.watch')}
          </Link>
        </Stack>
      )}
    </Box>
  );
}

/** The evidence list (docs/product.md#screens-and-routes, docs/product.md#roles): videos as links with a player on request, photos as thumbnails that open. */
function EvidenceList({ evidence }: { evidence: EvidencePayload[] }) {
  const { t, dateTime } = useI18n();
  if (evidence.length === 0) {
    return <Typography color="text.secondary">{t('game.evidence.empty')}</Typography>;
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {evidence.map((item) => (
        <Paper
          key={item.id}
          component="li"
          variant="outlined"
          data-evidence={item.id}
          sx={{ p: 1.5, display: 'grid', gap: 1, bgcolor: 'background.default' }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {item.youtube_id ? (
              <OndemandVideo fontSize="small" color="error" aria-hidden />
            ) : (
              <ImageOutlined fontSize="small" color="primary" aria-hidden />
            )}
            <Typography variant="body2" color="text.secondary">
              {t('game.evidence.by', { name: item.username, time: dateTime(item.inserted) })}
            </Typography>
          </Stack>
          {item.youtube_id ? (
            <VideoEvidence youtubeId={item.youtube_id} />
          ) : item.evidence_hash ? (
            <Link
              href={imageUrl('evidence', item.evidence_hash)}
              target="_blank"
              rel="noopener"
              sx={{ display: 'block', width: 'fit-content', maxWidth: '100%' }}
            >
              <Box
                component="img"
                // The game page's copy; the link opens the photo as uploaded.
                src={imageUrl('evidence_thumb', item.evidence_hash)}
                alt={t('game.evidence.photoAlt', { name: item.username })}
                loading="lazy"
                sx={{
                  display: 'block',
                  width: 320,
                  maxWidth: '100%',
                  height: 'auto',
                  maxHeight: 240,
                  objectFit: 'contain',
                  bgcolor: 'background.paper',
                  borderRadius: 1,
                  border: 1,
                  borderColor: 'divider',
                }}
              />
            </Link>
          ) : null}
        </Paper>
      ))}
    </Box>
  );
}

/**
 * Upload evidence (docs/product.md#validation): a YouTube link (a video id of 8-15 characters, else 'Invalid YouTube link') or, when
 * no link is given, a JPEG or PNG photo. Success shows 'The evidence has been uploaded.'
 */
function UploadDialog({
  gameId,
  open,
  onClose,
  onUploaded,
}: {
  gameId: number;
  open: boolean;
  onClose(): void;
  onUploaded(evidence: EvidencePayload): void;
}) {
  const { t, tm } = useI18n();
  const { api, popover } = useClient();
  const [link, setLink] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();

  const error = (message: MessageRef) => popover(tm('errorTitle'), tm(message));

  const submit = async () => {
    let input: { gameId: number; youtubeId: string } | { gameId: number; photo: File };
    if (link.trim() !== '' || !photo) {
      const checked = validateYoutubeLink(link);
      if (!checked.ok) return error(checked);
      input = { gameId, youtubeId: checked.value };
    } else {
      if (!isAcceptedFileType(photo, PHOTO_ACCEPT)) return error('photoType');
      input = { gameId, photo };
    }
    try {
      const answer = await uploadEvidence(api, input);
      onUploaded(answer.evidence);
      setLink('');
      setPhoto(null);
      onClose();
      popover(t('game.evidence.title'), tm('evidenceUploaded'));
    } catch {
      // The api client showed the server's message; what was chosen stays.
    }
  };

  return (
    <FormDialog
      open={open}
      title={t('game.evidence.upload')}
      submitLabel={t('game.evidence.send')}
      submitIcon={<FileUpload />}
      maxWidth="sm"
      onClose={onClose}
      onSubmit={submit}
    >
      <DialogContentText sx={{ mb: 2 }}>{t('game.evidence.dialogText')}</DialogContentText>
      <TextField
        id="evidence-link"
        label={t('game.evidence.youtube')}
        placeholder={t('game.evidence.youtubeHint')}
        fullWidth
        value={link}
        onChange={(e) => setLink(e.target.value)}
        autoComplete="off"
        inputMode="url"
        sx={{ mt: 1 }}
      />
      <Typography sx={{ my: 2, textAlign: 'center', color: 'text.secondary' }}>{t('game.evidence.or')}</Typography>
      <input
        ref={fileInput}
        id={fileId}
        type="file"
        accept={PHOTO_ACCEPT}
        aria-label={t('game.evidence.photo')}
        hidden
        onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
      />
      <Stack useFlexGap direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" startIcon={<ImageOutlined />} onClick={() => fileInput.current?.click()}>
          {t('game.evidence.photo')}
        </Button>
        {photo && (
          <>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t('game.evidence.photoChosen', { name: photo.name })}
            </Typography>
            <IconButton
              size="small"
              aria-label={t('game.evidence.photoRemove')}
              onClick={() => {
                setPhoto(null);
                if (fileInput.current) fileInput.current.value = '';
              }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        )}
      </Stack>
    </FormDialog>
  );
}

/** The evidence section: the list for everyone who sees the game, the upload for players while it is open. */
export function EvidencePanel({
  gameId,
  evidence,
  canUpload,
  onUploaded,
}: {
  gameId: number;
  evidence: EvidencePayload[];
  canUpload: boolean;
  onUploaded(evidence: EvidencePayload): void;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <Paper component="section" variant="outlined" aria-labelledby="evidence-title" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack
        useFlexGap
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography id="evidence-title" variant="h6" component="h2">
          {t('game.evidence.title')}
        </Typography>
        {canUpload && (
          <Button variant="outlined" startIcon={<FileUpload />} onClick={() => setOpen(true)}>
            {t('game.evidence.upload')}
          </Button>
        )}
      </Stack>
      <EvidenceList evidence={evidence} />
      {canUpload && <UploadDialog gameId={gameId} open={open} onClose={() => setOpen(false)} onUploaded={onUploaded} />}
    </Paper>
  );
}
