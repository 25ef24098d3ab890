import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';
import { SOLVED_CONFLICT_EVIDENCE_RETENTION_DAYS } from '@ecup/domain';
import { seedBase } from '@ecup/db';
import { newImageId } from '@ecup/security';
import { createDiskImageStore, type ImageStore } from '@ecup/storage';
import { cleanEvidence } from '@ecup/worker';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';

const DAY = 24 * 3_600_000;
const NOW = new Date('2026-11-26T03:00:00Z');
const RETENTION = SOLVED_CONFLICT_EVIDENCE_RETENTION_DAYS * DAY;

let db: TestDatabase;
let dir: string;
let images: ImageStore;
const quiet = { info: () => undefined };

test.before(async () => {
  db = await createTestDatabase('cleanevidence');
  await seedBase(db.knex, { now: NOW });
  dir = await mkdtemp(path.join(tmpdir(), 'ecup-evidence-'));
  images = createDiskImageStore(dir);
});
test.after.always(async () => {
  await db?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A game in `state`, its conflict solved `solvedDaysAgo` days before NOW (not solved when null), with evidence. */
async function gameWithEvidence(state: 'final' | 'conflict', solvedDaysAgo: number | null) {
  const one = await buildUser(db.knex);
  const two = await buildUser(db.knex);
  const id = await buildGame(db.knex, {
    user_1_id: one.id,
    user_2_id: two.id,
    created_at: new Date(NOW.getTime() - 200 * DAY),
    state,
    score_1: 2,
    score_2: 1,
    conflict: true,
  });
  if (solvedDaysAgo !== null) {
    await db
      .knex('games')
      .where('id', id)
      .update({ conflict_solved: true, final_at: new Date(NOW.getTime() - solvedDaysAgo * DAY) });
  }
  const hash = newImageId();
  await images.put('evidence', hash, Buffer.from('full'));
  await images.put('evidence_thumb', hash, Buffer.from('thumb'));
  await db.knex('evidence').insert([
    { game_id: id, user_id: one.id, evidence_hash: hash },
    { game_id: id, user_id: two.id, youtube_id: 'dQw4w9WgXcQ' },
  ]);
  return { id, hash };
}

const evidenceOf = async (gameId: number) =>
  (await db.knex('evidence').where('game_id', gameId).orderBy('id').select('evidence_hash', 'youtube_id')) as {
    evidence_hash: string | null;
    youtube_id: string | null;
  }[];

test('deletes the uploaded evidence of conflicts solved past the retention, keeping the result and the rest', async (t) => {
  const old = await gameWithEvidence('final', SOLVED_CONFLICT_EVIDENCE_RETENTION_DAYS + 1);
  const recent = await gameWithEvidence('final', SOLVED_CONFLICT_EVIDENCE_RETENTION_DAYS - 1);
  const open = await gameWithEvidence('conflict', null);
  // Solved long ago, but a moderator corrected the result within the retention: the decision is recent.
  const corrected = await gameWithEvidence('final', SOLVED_CONFLICT_EVIDENCE_RETENTION_DAYS + 5);
  await db.knex('elo_history').insert({
    game_id: corrected.id,
    kind: 'edit',
    score_1: 1,
    score_2: 1,
    previous_score_1: 2,
    previous_score_2: 1,
    elo_1_before: 1000,
    elo_2_before: 1000,
    elo_1_after: 1000,
    elo_2_after: 1000,
    games_1: 1,
    games_2: 1,
    created_at: new Date(NOW.getTime() - RETENTION + DAY),
  });

  t.deepEqual(await cleanEvidence({ knex: db.knex, now: NOW, images, log: quiet }), { evidence: 1 });

  t.deepEqual(await evidenceOf(old.id), [{ evidence_hash: null, youtube_id: 'dQw4w9WgXcQ' }]);
  t.is(await images.get('evidence', old.hash), null);
  t.is(await images.get('evidence_thumb', old.hash), null);
  const game = await db.knex('games').where('id', old.id).first('state', 'score_1', 'score_2', 'conflict_solved');
  t.like(game, { state: 'final', score_1: 2, score_2: 1 });
  t.truthy(game!.conflict_solved);
  for (const kept of [recent, open, corrected]) {
    t.is((await evidenceOf(kept.id)).length, 2);
    t.truthy(await images.get('evidence', kept.hash));
    t.truthy(await images.get('evidence_thumb', kept.hash));
  }
  const audit = await db.knex('audit_log').where('action', 'evidence.clean').select('after');
  t.is(audit.length, 1);
  t.like(JSON.parse(audit[0]!.after as string), { deleted: 1 });

  // A second run the same night finds nothing more, and writes no audit row for nothing.
  t.deepEqual(await cleanEvidence({ knex: db.knex, now: NOW, images, log: quiet }), { evidence: 0 });
  t.is((await db.knex('audit_log').where('action', 'evidence.clean')).length, 1);
});
