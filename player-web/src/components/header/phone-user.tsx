import Box from '@mui/material/Box';
import type { UserPayload } from '@ecup/domain';
import { UserAvatar } from '../user-avatar.tsx';

/**
 * Below 768 px, where the user menu folds into the nav bar: the signed-in player's avatar and username in the
 * header, so a phone shows whose account is open. The name gives way first when the header is tight.
 */
export function PhoneUser({ user }: { user: UserPayload }) {
  return (
    <Box data-phone-user sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, maxWidth: '40vw' }}>
      <UserAvatar username={user.username} avatarHash={user.avatar_hash} size={28} decorative />
      <Box
        component="span"
        sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}
      >
        {user.username}
      </Box>
    </Box>
  );
}
