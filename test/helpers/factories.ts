import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import sharp from 'sharp';
import { User, hashPassword } from '@ecup/db';

let counter = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${(counter++).toString(36)}${randomBytes(1).toString('hex')}`;

// A cheaper scrypt cost for factory users: the stored hash names its cost, so sign-in works the same.
const FACTORY_COST = 12;
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

/** Inserts a user with sensible defaults (CONVENTIONS §11: factories, not fixtures). */
export async function buildUser(
  knex: Knex,
  overrides: Partial<Omit<User, 'password_hash'>> & { password?: string } = {},
): Promise<User & { password: string }> {
  const { password = DEFAULT_PASSWORD, ...fields } = overrides;
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

/** A JPEG carrying EXIF metadata (to show it is stripped). */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: '#ff0000' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-location-data' } } })
    .jpeg()
    .toBuffer();
}

/** Sign-up fields of spec §3 for an adult PlayStation player, unique per call. */
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
