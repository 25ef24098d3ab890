import Avatar from '@mui/material/Avatar';
import { imageUrl } from '../lib/images.ts';
import { colourFor, initialsOf } from './avatar-colour.ts';

export { colourFor, initialsOf };

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
