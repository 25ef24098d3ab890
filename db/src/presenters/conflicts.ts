import type { ConflictEntry } from '@ecup/domain';

/** A conflict list row (spec §3 Conflict): the game, its two players and whether it is solved. */
export function presentConflict(row: Record<string, unknown>): ConflictEntry {
  return {
    id: Number(row.id),
    user_1: {
      id: Number(row.u1_id),
      username: String(row.u1_username),
      avatar_hash: (row.u1_avatar_hash as string | null) ?? null,
    },
    user_2: {
      id: Number(row.u2_id),
      username: String(row.u2_username),
      avatar_hash: (row.u2_avatar_hash as string | null) ?? null,
    },
    solved: Boolean(row.conflict_solved),
    inserted: Math.floor(new Date(row.created_at as Date).getTime() / 1000),
  };
}
