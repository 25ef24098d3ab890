import {
  DEMO_ACCOUNTS,
  demoSeeded,
  findCurrentSeason,
  removeDemo,
  seedBase,
  seedDemo,
  type RemoveDemoSummary,
  type SeedDemoSummary,
} from '@ecup/db';
import { createDiskImageStore } from '@ecup/storage';
import { parse } from '../cli/program.ts';
import { createProgress } from '../cli/progress.ts';
import type { RegisterCommands } from './index.ts';

interface DemoOptions {
  players?: number;
  gamesPerPlayer?: number;
  forumThreads?: number;
  seed?: number;
  dryRun?: boolean;
}

const SUMMARY_TITLES: [keyof SeedDemoSummary, string][] = [
  ['users', 'users (2 demo accounts + players)'],
  ['players', 'demo players'],
  ['avatars', 'avatars'],
  ['games', 'finished games'],
  ['news', 'news articles'],
  ['forum_threads', 'forum threads'],
  ['forum_posts', 'forum posts'],
];

const REMOVED_TITLES: [keyof RemoveDemoSummary, string][] = [
  ['users', 'users (the demo accounts and demo players)'],
  ['games', 'games'],
  ['matches', 'matches'],
  ['news', 'news articles'],
  ['forum_threads', 'forum threads'],
  ['forum_posts', 'forum posts'],
  ['images', 'image files'],
];

/** The `demo:*` commands (docs/decisions.md#season-and-time: the demo seed makes the product usable at once). */
export const registerDemoCommands: RegisterCommands = (program, runtime) => {
  program
    .command('demo:seed')
    .description(
      'Fill the database with demo data: the base rows (countries, a season open now when none is active, forum ' +
        'categories, teams), the demo accounts, players with finished games, news with images and forum threads. ' +
        'Does nothing when the demo is already there.',
    )
    .option('--players <n>', 'demo players besides the two demo accounts (default 200)', parse.positiveInt)
    .option('--games-per-player <n>', 'average finished games per player (default 12)', parse.nonNegativeInt)
    .option('--forum-threads <n>', 'forum threads (default 24)', parse.nonNegativeInt)
    .option('--seed <n>', 'random seed: the same seed and day give the same data (default 2020)', parse.nonNegativeInt)
    .option('--dry-run', 'say what would be added and write nothing')
    .addHelpText(
      'after',
      `
Images go to UPLOAD_DIR (as npm start stores them). Sign in with ${DEMO_ACCOUNTS.admin.username} /
${DEMO_ACCOUNTS.admin.password} (every permission flag) or ${DEMO_ACCOUNTS.player.username} / ${DEMO_ACCOUNTS.player.password}.

Examples:
  $ npm run cli -- demo:seed
  $ npm run cli -- demo:seed --players 50 --games-per-player 4 --forum-threads 8 --seed 7
  $ npm run cli -- demo:seed --dry-run`,
    )
    .action(async (options: DemoOptions) => {
      await runtime.withDatabase(async (knex, config) => {
        if (await demoSeeded(knex)) {
          runtime.print(
            `The demo is already seeded (user ${DEMO_ACCOUNTS.admin.username} exists): nothing was written.`,
          );
          return;
        }
        const now = runtime.io.now();
        const season = await findCurrentSeason(knex);
        const settings = [
          `players ${options.players ?? 'default (200)'}`,
          `games per player ${options.gamesPerPlayer ?? 'default (12)'}`,
          `forum threads ${options.forumThreads ?? 'default (24)'}`,
          `seed ${options.seed ?? 'default (2020)'}`,
        ].join(', ');
        if (options.dryRun) {
          runtime.print('Dry run: would add');
          runtime.print('  the base rows that are missing (countries, forum categories, teams)');
          runtime.print(
            season
              ? `  nothing to the seasons: the demo plays in the current season ${season.id} "${season.name}"`
              : '  a season open now (there is no active season)',
          );
          runtime.print(`  the accounts ${DEMO_ACCOUNTS.admin.username} and ${DEMO_ACCOUNTS.player.username}`);
          runtime.print(`  demo players, games, news and forum threads: ${settings}`);
          runtime.print(`  images under ${config.uploadDir}`);
          runtime.print('Nothing was written.');
          return;
        }
        const progress = createProgress(runtime.io);
        progress.start(2, 'demo:seed');
        let summary: SeedDemoSummary;
        let seasonId: number;
        try {
          ({ season_id: seasonId } = await seedBase(knex, { now }));
          progress.increment();
          summary = await seedDemo(knex, {
            now,
            store: createDiskImageStore(config.uploadDir),
            players: options.players,
            gamesPerPlayer: options.gamesPerPlayer,
            forumThreads: options.forumThreads,
            seed: options.seed,
          });
          progress.increment();
        } finally {
          progress.stop();
        }
        if (summary.users === 0) {
          runtime.print('The demo is already seeded (another process seeded it): nothing was written.');
          return;
        }
        runtime.print(`Seeded the demo in season ${seasonId}${season ? '' : ' (created, open now)'}:`);
        for (const [key, title] of SUMMARY_TITLES) runtime.print(`  ${String(summary[key]).padStart(6)} ${title}`);
        runtime.print(
          `Sign in with ${DEMO_ACCOUNTS.admin.username} / ${DEMO_ACCOUNTS.admin.password} (admin) or ` +
            `${DEMO_ACCOUNTS.player.username} / ${DEMO_ACCOUNTS.player.password} (player).`,
        );
      });
    });

  program
    .command('demo:remove')
    .description(
      'Remove the demo data: the demo accounts and demo players, their games, matches, forum threads and posts, ' +
        'the news they published and their images. The season, countries, forum categories, teams and every real ' +
        'player stay.',
    )
    .option('--dry-run', 'say what would be removed and change nothing')
    .addHelpText(
      'after',
      `
Runs in one transaction; the image files are deleted from UPLOAD_DIR after it. A production start refuses a
database that holds the demo accounts until this has run.

Examples:
  $ npm run cli -- demo:remove --dry-run
  $ npm run cli -- demo:remove`,
    )
    .action(async (options: { dryRun?: boolean }) => {
      await runtime.withDatabase(async (knex, config) => {
        const dryRun = options.dryRun === true;
        const removed = await removeDemo(knex, createDiskImageStore(config.uploadDir), { dryRun });
        if (removed.users === 0) {
          runtime.print('There is no demo data in this database: nothing was removed.');
          return;
        }
        runtime.print(dryRun ? 'Dry run: would remove the demo data:' : 'Removed the demo data:');
        for (const [key, title] of REMOVED_TITLES) runtime.print(`  ${String(removed[key]).padStart(6)} ${title}`);
        if (removed.real_players_with_demo_games > 0) {
          const n = removed.real_players_with_demo_games;
          runtime.print(
            `${n} real player${n === 1 ? '' : 's'} had games against demo players; ` +
              'their Elo still counts them: run npm run cli -- elo:rebuild to replay the ratings without them.',
          );
        }
        if (dryRun) runtime.print('Nothing was changed.');
      });
    });
};
