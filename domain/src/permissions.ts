/**
 * Staff permissions as bit flags (docs/product.md#roles, docs/decisions.md#permissions). `permissions > 0` is staff; 127 holds every flag and may
 * edit other users' flags.
 */
import type { OperatorValidation } from './validation/result.ts';

/** The flags of docs/product.md#roles, exactly. */
export const PERMISSIONS = {
  canSeeUserProfile: 1,
  canBanUsers: 2,
  canIPBan: 4,
  canSeeCountryStats: 8,
  canPublishNews: 16,
  canResolveConflicts: 32,
  canSeeTrophyWinners: 64,
} as const;

export type PermissionName = keyof typeof PERMISSIONS;
export type PermissionFlag = (typeof PERMISSIONS)[PermissionName];

/** Flag names in bit order. */
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as PermissionName[];

/** Every flag set (docs/decisions.md#permissions: such a user edits other users' flags). */
export const ALL_PERMISSIONS = 127;

/** Anything that carries permissions: a user row or payload, a bare number, or nobody. */
export type PermissionSubject = number | { permissions?: number | null } | null | undefined;

/** The permission bits of a subject; anything that is not a whole number from 0 to 127 counts as none. */
export function permissionsOf(subject: PermissionSubject): number {
  const value = typeof subject === 'number' ? subject : subject?.permissions;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > ALL_PERMISSIONS) return 0;
  return value;
}

function bitsOf(flag: number | PermissionName): number {
  return typeof flag === 'number' ? flag : PERMISSIONS[flag];
}

/** True when the subject holds `flag` (docs/product.md#roles). A flag of 0 is never held, so a typo cannot grant access. */
export function has(subject: PermissionSubject, flag: number | PermissionName): boolean {
  const bits = bitsOf(flag);
  return bits > 0 && (permissionsOf(subject) & bits) === bits;
}

/** True when the subject holds every given flag (a number of combined bits or a list of names). */
export function hasAll(subject: PermissionSubject, flags: number | readonly (number | PermissionName)[]): boolean {
  const bits = typeof flags === 'number' ? flags : flags.reduce<number>((sum, f) => sum | bitsOf(f), 0);
  return bits > 0 && (permissionsOf(subject) & bits) === bits;
}

/** True when the subject holds any flag: staff see the Admin link (docs/product.md#screens-and-routes, docs/product.md#roles). */
export function isStaff(subject: PermissionSubject): boolean {
  return permissionsOf(subject) > 0;
}

/**
 * True when the actor holds every flag the target holds (docs/rules.md "Staff actions and audit"): staff may warn,
 * mute or ban only someone whose flags are a subset of their own. "Fewer flags" means lacking any one flag the target
 * has, not a smaller number: 2 (canBanUsers) does not outrank 1 (canSeeUserProfile). Equal flags outrank each other,
 * and every player (0) is outranked by everyone.
 */
export function outranks(actor: PermissionSubject, target: PermissionSubject): boolean {
  const theirs = permissionsOf(target);
  return (permissionsOf(actor) & theirs) === theirs;
}

/** The names of the flags set in `permissions`, in bit order. */
export function flagNames(permissions: number): PermissionName[] {
  const bits = permissionsOf(permissions);
  return PERMISSION_NAMES.filter((name) => (bits & PERMISSIONS[name]) !== 0);
}

/**
 * Parses flags as an operator types them: a number ('6'), names ('canBanUsers,canIPBan', any case, separated by
 * commas, spaces, '|' or '+'), a mix, 'all' (127) or 'none'/'' (0). Unknown names are refused with a message
 * that lists the known ones, so a CLI typo does not silently grant nothing.
 */
export function parseFlags(text: string): OperatorValidation<number> {
  let bits = 0;
  for (const token of text.split(/[\s,|+]+/).filter((t) => t !== '')) {
    const lower = token.toLowerCase();
    if (/^\d+$/.test(token)) {
      const n = Number(token);
      if (n > ALL_PERMISSIONS) return { ok: false, error: `Permissions must be between 0 and ${ALL_PERMISSIONS}.` };
      bits |= n;
    } else if (lower === 'all') {
      bits |= ALL_PERMISSIONS;
    } else if (lower === 'none') {
      // Adds nothing; allowed so that 'none' reads naturally on the command line.
    } else {
      const name = PERMISSION_NAMES.find((n) => n.toLowerCase() === lower);
      if (!name) {
        return { ok: false, error: `Unknown permission '${token}'. Known: ${PERMISSION_NAMES.join(', ')}.` };
      }
      bits |= PERMISSIONS[name];
    }
  }
  return { ok: true, value: bits };
}

/** Flags as an operator reads them: '6 (canBanUsers, canIPBan)', '127 (all)', '0 (none)'. */
export function describeFlags(permissions: number): string {
  const bits = permissionsOf(permissions);
  if (bits === 0) return '0 (none)';
  if (bits === ALL_PERMISSIONS) return `${bits} (all)`;
  return `${bits} (${flagNames(bits).join(', ')})`;
}

/**
 * The flags after a grant or a revoke (docs/decisions.md#permissions: the CLI makes the first admin): a grant adds the given bits,
 * a revoke removes them; other flags stay as they were.
 */
export function changeFlags(before: number, bits: number, change: 'grant' | 'revoke'): number {
  const current = permissionsOf(before);
  const given = permissionsOf(bits);
  return change === 'grant' ? current | given : current & ~given;
}
