import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import sharp from 'sharp';
import { DEFAULT_TIME_ZONE, weekStart, type GameStateName } from '@ecup/domain';
import { User } from '@ecup/db';
import { hashPassword, isSealedTotpSecret, sealTotpSecret, totpKeyFromEnv } from '@ecup/security';

let counter = 0;
/** Base 26 in letters alone (the digits 0–9 of `toString(26)` become q–z). */
const lettersOf = (n: number) => n.toString(26).replace(/[0-9]/g, (digit) => 'qrstuvwxyz'[Number(digit)]!);

/**
 * A short tag unique to this run, in letters only: digits, even with letters between them, can read as a phone
 * number, which usernames and gamer tags may not hold (docs/rules.md "Player text").
 */
const unique = () => `${lettersOf(Date.now()).slice(-5)}${lettersOf(counter++)}j${lettersOf(randomBytes(1)[0]!)}`;

/**
 * A cheaper scrypt cost for factory users: the stored hash names its cost, so sign-in works the same. The test
 * servers run with PASSWORD_COST at this cost too, so these users are not rehashed at sign-in.
 */
export const FACTORY_COST = 12;
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password, FACTORY_COST);
    hashes.set(password, hash);
  }
  return hash;
};

export const DEFAULT_PASSWORD = 'correct horse 1';

/**
 * A TOTP secret as the app stores it (encrypted with the key of this checkout, as the servers tests start find it):
 * give factories and direct writes the base32 secret an authenticator would hold, store this.
 */
export function storedTotpSecret(secret: string): string {
  return isSealedTotpSecret(secret) ? secret : sealTotpSecret(totpKeyFromEnv(), secret);
}

/**
 * Inserts a user with sensible defaults (factories, not fixtures). A plain `totp_secret` is stored
 * encrypted ({@link storedTotpSecret}).
 */
export async function buildUser(
  knex: Knex,
  overrides: Partial<Omit<User, 'password_hash'>> & { password?: string } = {},
): Promise<User & { password: string }> {
  const { password = DEFAULT_PASSWORD, ...fields } = overrides;
  if (typeof fields.totp_secret === 'string') fields.totp_secret = storedTotpSecret(fields.totp_secret);
  const tag = unique();
  const user = await User.query(knex).insertAndFetch({
    username: `u_${tag}`.slice(0, 15),
    first_name: 'Test',
    last_name: 'Player',
    email: `${tag}@example.com`,
    password_hash: await hashOnce(password),
    console: 1,
    gamer_tag: `Tag-${tag}`.slice(0, 25),
    country_id: 0,
    birth_date: new Date(Date.UTC(2000, 0, 1)),
    team_name: 'IFK Göteborg',
    fifa_team_name: 'Real Madrid',
    terms_accepted_at: new Date(),
    // A guardian link a test stores was just sent (it expires GUARDIAN_LINK_MS later).
    ...(fields.guardian_token_hash ? { guardian_token_issued_at: new Date() } : {}),
    ...fields,
  });
  return Object.assign(user, { password });
}

/** A small real PNG. */
export function pngImage(width = 40, height = 30, colour = '#2fbf71'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/**
 * A green PNG with red bands of `band` px at its left and right ends: a copy cut from the middle shows no red (see
 * {@link showsOnlyTheMiddle}).
 */
export async function sidebandImage(width: number, height: number, band: number): Promise<Buffer> {
  const red = await sharp({ create: { width: band, height, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#00ff00' } })
    .composite([
      { input: red, left: 0, top: 0 },
      { input: red, left: width - band, top: 0 },
    ])
    .png()
    .toBuffer();
}

/** Whether an image made from a {@link sidebandImage} holds only its green middle. */
export async function showsOnlyTheMiddle(image: Buffer): Promise<boolean> {
  const [red, green] = (await sharp(image).stats()).channels;
  return red!.max < 64 && green!.min > 192;
}

/** A JPEG carrying EXIF metadata (to show it is stripped). */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: '#ff0000' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-location-data' } } })
    .jpeg()
    .toBuffer();
}

/** Sign-up fields for an adult PlayStation player, unique per call. */
export function signupFields(overrides: Record<string, string> = {}): Record<string, string> {
  const tag = unique();
  return {
    first_name: 'Alva',
    last_name: 'Berg',
    username: `p_${tag}`.slice(0, 15),
    email: `${tag}@example.com`,
    console: '1',
    gamer_tag: `Alva-${tag}`.slice(0, 25),
    password: 'a good password',
    repeat_password: 'a good password',
    irl_team: 'IFK Göteborg',
    fifa_team: 'Real Madrid',
    birth_year: '2000',
    birth_month: '5',
    birth_day: '17',
    country_id: '210',
    terms: '1',
    ...overrides,
  };
}

/** Columns of a game row a test may set (db/migrations/20260101000006_play.ts). */
export interface GameFields {
  user_1_id: number;
  user_2_id: number;
  /** The start of the game (the result form opens 12 minutes later); default now. */
  created_at?: Date;
  state?: GameStateName;
  score_1?: number | null;
  score_2?: number | null;
  submitted_user_id?: number | null;
  dropped_user_id?: number | null;
  submitted_at?: Date | null;
  conflict?: boolean;
  season_id?: number;
}

/**
 * Inserts a game as the matchmaking's accept would (state 'playing' unless given), in the active season and the
 * week of `created_at`; answers its id.
 */
export async function buildGame(knex: Knex, fields: GameFields): Promise<number> {
  const created_at = fields.created_at ?? new Date();
  const season =
    fields.season_id === undefined
      ? ((await knex('seasons').where('active', true).orderBy('id', 'desc').first('id', 'time_zone')) as
          { id: number; time_zone: string } | undefined)
      : { id: fields.season_id, time_zone: DEFAULT_TIME_ZONE };
  if (!season) throw new Error('buildGame needs a season: start the server with seedBase first');
  const [id] = await knex('games').insert({
    season_id: season.id,
    week_start: weekStart(created_at, season.time_zone),
    ...fields,
    created_at,
  });
  return Number(id);
}

/**
 * Inserts a season that is not the active one, open all week, its qualifiers and trophy hunt running from a week
 * before `now` to four weeks after, so a test's trophy pool is its own; answers its id.
 */
export async function buildSideSeason(knex: Knex, now: Date, name: string): Promise<number> {
  const day = 24 * 60 * 60 * 1000;
  const [id] = await knex('seasons').insert({
    name,
    product_name: 'eCup',
    qualifiers_start: new Date(now.getTime() - 7 * day),
    qualifiers_end: new Date(now.getTime() + 28 * day),
    trophy_hunt_end: new Date(now.getTime() + 28 * day),
    time_zone: DEFAULT_TIME_ZONE,
    window_start_minute: 0,
    window_end_minute: 10_080,
    prizes_text: '',
    active: false,
  });
  return Number(id);
}
