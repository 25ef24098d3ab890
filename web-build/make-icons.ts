/**
 * Draws the player app's icons (the web app manifest's, the home-screen icon of iPhones, the notification badge and
 * the favicon) from the brand mark the header shows: the gold trophy on the theme's deep navy. The PNGs are kept in
 * player-web/public/icons; run `npx tsx web-build/make-icons.ts` again after changing the mark or the colours.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = fileURLToPath(new URL('../player-web/public/icons/', import.meta.url));

/** The theme's colours (player-web/src/app/theme.ts): navy 950 and the dark scheme's gold secondary. */
const NAVY = '#0b1a2e';
const GOLD = '#f5b700';
/** The header's trophy (Material's EmojiEvents), drawn in a 24 × 24 box whose mark spans 3..21. */
const TROPHY =
  'M19 5h-2V3H7v2H5c-1.1 0-2 .9-2 2v1c0 2.55 1.92 4.63 4.39 4.94.63 1.5 1.98 2.63 3.61 2.96V19H7v2h10v-2h-4v-3.1c1.63-.33 2.98-1.46 3.61-2.96C19.08 12.63 21 10.55 21 8V7c0-1.1-.9-2-2-2M5 8V7h2v3.82C5.84 10.4 5 9.3 5 8m14 0c0 1.3-.84 2.4-2 2.82V7h2z';

interface Mark {
  /** The background: a rounded tile (transparent corners), the whole square (maskable, iOS), or none (badge). */
  background: 'tile' | 'full' | 'none';
  /** How much of the icon's width the trophy spans. */
  share: number;
  colour: string;
}

/** The mark as a 512 × 512 SVG. */
function svg({ background, share, colour }: Mark): string {
  const scale = (share * 512) / 18;
  const back =
    background === 'tile'
      ? `<rect width="512" height="512" rx="112" fill="${NAVY}"/>`
      : background === 'full'
        ? `<rect width="512" height="512" fill="${NAVY}"/>`
        : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${back}` +
    `<path transform="translate(256 256) scale(${scale.toFixed(3)}) translate(-12 -12)" fill="${colour}" d="${TROPHY}"/>` +
    `</svg>\n`
  );
}

const TILE: Mark = { background: 'tile', share: 0.6, colour: GOLD };
// A maskable icon's mark stays inside the middle circle of 80 % that every mask shape keeps.
const MASKABLE: Mark = { background: 'full', share: 0.5, colour: GOLD };
// iPhones round the corners themselves and fill transparent ones with black.
const APPLE: Mark = { background: 'full', share: 0.56, colour: GOLD };
// Android draws a notification's badge as a one-colour silhouette from its alpha channel.
const BADGE: Mark = { background: 'none', share: 0.86, colour: '#ffffff' };

const PNGS: Array<[file: string, mark: Mark, size: number]> = [
  ['icon-192.png', TILE, 192],
  ['icon-512.png', TILE, 512],
  ['icon-maskable-192.png', MASKABLE, 192],
  ['icon-maskable-512.png', MASKABLE, 512],
  ['apple-touch-icon.png', APPLE, 180],
  ['badge-96.png', BADGE, 96],
];

await mkdir(OUT, { recursive: true });
await writeFile(`${OUT}logo.svg`, svg(TILE));
for (const [file, mark, size] of PNGS) {
  await sharp(Buffer.from(svg(mark)), { density: Math.ceil((72 * size) / 512) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${OUT}${file}`);
}
console.log(`icons written to ${OUT}`);
