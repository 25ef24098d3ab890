import Avatar from '@mui/material/Avatar';
import { imageUrl } from '../lib/images.ts';

/** A stable colour from a username, so a player without a photo keeps the same colour everywhere (ui-brief). */
export function colourFor(username: string): string {
  let hash = 0;
  for (const char of username) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  // Hues at fixed saturation and lightness that keep white initials readable (WCAG AA on 600 weight text).
  return `hsl(${hash % 360} 55% 36%)`;
}

/** Initials for a player without a photo. */
export function initialsOf(username: string): string {
  const letters = username.replace(/[^\p{L}\p{N}]/gu, '');
  return (letters.slice(0, 2) || '?').toUpperCase();
}

/**
 * A player's avatar: their photo in the nearest size, or initials on their colour (ui-brief "Identity").
 * `decorative` where the username is written beside it: screen readers skip the picture instead of hearing the
 * name (or the initials) twice.
 */
export function UserAvatar({
  username,
  avatarHash,
  size = 40,
  decorative = false,
}: {
  username: string;
  avatarHash: string | null;
  size?: number;
  decorative?: boolean;
}) {
  // Phones draw at 2× or more: the 64 px image only up to 32 CSS pixels.
  const kind = size <= 32 ? 'avatar_small' : 'avatar_medium';
  return (
    <Avatar
      alt={decorative ? '' : username}
      aria-hidden={decorative || undefined}
      src={avatarHash ? imageUrl(kind, avatarHash) : undefined}
      sx={{
        width: size,
        height: size,
        bgcolor: colourFor(username),
        color: '#fff',
        fontSize: size * 0.4,
        fontWeight: 600,
      }}
    >
      {initialsOf(username)}
    </Avatar>
  );
}
