import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { escapeHtml } from './head.ts';

/** Open Graph's recommended picture size (1200×630 cards for topics and profiles). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The player app's identity (ui-brief "Identity"; player-web/src/app/theme.ts): navy, pitch green, trophy gold. */
const NAVY = '#0b1a2e';
const NAVY_LIGHT = '#1c3050';
const GREEN = '#2fbf5e';
const GOLD = '#f5b700';
const TEXT = '#ffffff';
const MUTED = '#9fb0c8';
const FONT = 'DejaVu Sans, Arial, Helvetica, sans-serif';

/**
 * What a card shows: the product, a badge, a headline, a line below it and one in the footer band, and an avatar
 * for a player.
 */
export interface CardContent {
  productName: string;
  headline: string;
  lines: [string, string?];
  /** A badge in gold above the headline (the category, or the rank). */
  badge: string;
  /**
   * The player's photo (a stored JPEG), or initials in white on the player's own colour when there is none, as the
   * app draws them (domain avatar-colour.ts); absent on topic cards.
   */
  avatar?: { photo: Buffer | null; initials: string; colour: string };
}

/** Words in lines of at most `width` characters, at most `max` lines, the last cut with an ellipsis. */
export function wrap(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
    const pieces = word.length > width ? (word.match(new RegExp(`.{1,${width}}`, 'gu')) ?? [word]) : [word];
    for (const piece of pieces) {
      if (line === '') line = piece;
      else if (line.length + 1 + piece.length <= width) line = `${line} ${piece}`;
      else {
        lines.push(line);
        line = piece;
      }
    }
  }
  if (line !== '') lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1]!.slice(0, width - 1).trimEnd()}…`;
  return kept;
}

const AVATAR_SIZE = 260;
const AVATAR_X = CARD_WIDTH - 80 - AVATAR_SIZE;
const AVATAR_Y = 150;

/** The card as SVG (text escaped); the photo, when there is one, is laid over it by renderCard. */
export function cardSvg(card: CardContent): string {
  const textWidth = card.avatar ? 24 : 28;
  const headline = wrap(card.headline, textWidth, 3);
  const headlineSize = headline.length > 2 ? 58 : 66;
  const headlineTop = 250;
  const text = (x: number, y: number, size: number, fill: string, value: string, weight = 'normal') =>
    `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeHtml(value)}</text>`;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    `<rect width="100%" height="100%" fill="${NAVY}"/>`,
    `<rect x="0" y="0" width="${CARD_WIDTH}" height="14" fill="${GREEN}"/>`,
    `<rect x="0" y="${CARD_HEIGHT - 90}" width="${CARD_WIDTH}" height="90" fill="${NAVY_LIGHT}"/>`,
    text(80, 110, 44, GREEN, card.productName, 'bold'),
    text(80, 180, 34, GOLD, card.badge, 'bold'),
    ...headline.map((line, i) => text(80, headlineTop + i * (headlineSize + 12), headlineSize, TEXT, line, 'bold')),
    ...(card.lines[0] ? [text(80, CARD_HEIGHT - 140, 36, MUTED, card.lines[0])] : []),
    ...(card.lines[1] ? [text(80, CARD_HEIGHT - 32, 34, TEXT, card.lines[1])] : []),
  ];
  if (card.avatar && !card.avatar.photo) {
    const r = AVATAR_SIZE / 2;
    parts.push(
      `<circle cx="${AVATAR_X + r}" cy="${AVATAR_Y + r}" r="${r}" fill="${svgColour(card.avatar.colour)}"/>`,
      `<text x="${AVATAR_X + r}" y="${AVATAR_Y + r + 38}" text-anchor="middle" font-family="${FONT}" font-size="110" font-weight="bold" fill="${TEXT}">${escapeHtml(card.avatar.initials)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}

/**
 * A CSS colour as SVG renderers read it: `hsl(h s% l%)` (the space-separated form colourFor writes) as #rrggbb,
 * anything else as it is.
 */
export function svgColour(colour: string): string {
  const hsl = /^hsl\(\s*([\d.]+)[\s,]+([\d.]+)%[\s,]+([\d.]+)%\s*\)$/.exec(colour);
  if (!hsl) return colour;
  const [hue, saturation, lightness] = [Number(hsl[1]), Number(hsl[2]) / 100, Number(hsl[3]) / 100];
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** The photo cut to a circle of the avatar's size. */
async function roundPhoto(photo: Buffer): Promise<Buffer> {
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}"><circle cx="${AVATAR_SIZE / 2}" cy="${AVATAR_SIZE / 2}" r="${AVATAR_SIZE / 2}" fill="#fff"/></svg>`,
  );
  return sharp(photo)
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

/** The card as a 1200×630 PNG. */
export async function renderCard(card: CardContent): Promise<Buffer> {
  const image = sharp(Buffer.from(cardSvg(card)));
  const photo = card.avatar?.photo;
  if (photo) {
    try {
      image.composite([{ input: await roundPhoto(photo), left: AVATAR_X, top: AVATAR_Y }]);
    } catch {
      // A photo sharp cannot read leaves the card without it rather than without a card.
    }
  }
  return image.png({ compressionLevel: 9 }).toBuffer();
}

/** Cards kept per process; the oldest go first. */
export const CARD_CACHE_ENTRIES = 300;

/** A card's content key, its ETag: the SVG it draws and its photo's id. */
export function cardKey(card: CardContent, photoId: string | null): string {
  return createHash('sha256')
    .update(cardSvg(card))
    .update(`\0${photoId ?? ''}`)
    .digest('base64url')
    .slice(0, 27);
}

/**
 * Rendered cards by a key of their content (the SVG and the photo's id): a topic or profile that has not changed
 * is drawn once per process, and a change (a new title, Elo or photo) draws a new one.
 */
export function createCardCache(max = CARD_CACHE_ENTRIES) {
  const cards = new Map<string, Promise<Buffer>>();
  return {
    /** The card's PNG and its content key (the ETag). */
    async get(card: CardContent, photoId: string | null): Promise<{ png: Buffer; key: string }> {
      const key = cardKey(card, photoId);
      let png = cards.get(key);
      if (png) {
        cards.delete(key);
      } else {
        png = renderCard(card);
        png.catch(() => cards.delete(key));
      }
      cards.set(key, png);
      while (cards.size > max) cards.delete(cards.keys().next().value!);
      return { png: await png, key };
    },
  };
}
