/** The demo's pictures: avatars and news banners, drawn as SVG and stored as JPEG through the ImageStore (docs/decisions.md#content-and-uploads). */
import sharp from 'sharp';
import type { NewsCategoryId } from '@ecup/domain';
import { hslToHex } from './helpers.ts';

/** Category colours of the generated news images: pitch green, gold, navy and red (by NEWS_CATEGORIES id). */
const NEWS_COLOURS: Record<NewsCategoryId, { base: string; light: string; accent: string }> = {
  0: { base: '#1b5e20', light: '#43a047', accent: '#ffffff' },
  1: { base: '#b8860b', light: '#f2c94c', accent: '#fff8e1' },
  2: { base: '#0d1b3e', light: '#1e3a8a', accent: '#ffd54f' },
  3: { base: '#b71c1c', light: '#e53935', accent: '#ffffff' },
};

export interface AvatarPlan {
  initials: string;
  hue: number;
  /** A lighter circle behind the initials, so two players with the same initials still look different. */
  circle: { x: number; y: number; r: number };
}

export async function renderAvatar(plan: AvatarPlan): Promise<Buffer> {
  const size = 512;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<rect width="${size}" height="${size}" fill="${hslToHex(plan.hue, 0.55, 0.42)}"/>
<circle cx="${plan.circle.x}" cy="${plan.circle.y}" r="${plan.circle.r}" fill="${hslToHex((plan.hue + 40) % 360, 0.6, 0.6)}" opacity="0.45"/>
<text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="200" fill="#ffffff">${plan.initials}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}

export interface NewsImagePlan {
  category_id: NewsCategoryId;
  label: string;
  product: string;
  /** Positions and sizes of the decorative shapes, from the PRNG. */
  shapes: { x: number; y: number; r: number }[];
  angle: number;
}

/**
 * Where a news image's words may go: the middle 480×270 of the 1200×630 banner. A card on a phone shows about the
 * middle square of the thumbnail, and the article page writes its title over the lower part of the picture, so
 * words anywhere else are cut or sit under the title.
 */
export const NEWS_IMAGE_TEXT_BOX = { left: 360, top: 180, right: 840, bottom: 450 } as const;
const NEWS_IMAGE_TEXT_WIDTH = NEWS_IMAGE_TEXT_BOX.right - NEWS_IMAGE_TEXT_BOX.left - 40;

/** The largest size up to `max` at which `text` fits the text box's width (bold capitals are about 0.75 em wide). */
function fittedFontSize(text: string, max: number, emPerChar: number): number {
  return Math.min(max, Math.floor(NEWS_IMAGE_TEXT_WIDTH / (Math.max(text.length, 1) * emPerChar)));
}

/**
 * The product name and the category label of a news image, centred in {@link NEWS_IMAGE_TEXT_BOX} above
 * the article title's line (NEWS_IMAGE_TITLE_TOP of the domain), each made smaller when it is long.
 */
export function newsImageLabels(plan: Pick<NewsImagePlan, 'category_id' | 'label' | 'product'>): string {
  const { accent } = NEWS_COLOURS[plan.category_id];
  const label = plan.label.toUpperCase();
  const font = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" text-anchor="middle"';
  return [
    `<text x="600" y="236" ${font} font-size="${fittedFontSize(plan.product, 36, 0.62)}" fill="${accent}" opacity="0.9">${escapeXml(plan.product)}</text>`,
    `<text x="600" y="316" ${font} font-weight="bold" font-size="${fittedFontSize(label, 56, 0.75)}" fill="${accent}">${escapeXml(label)}</text>`,
  ].join('\n');
}

/** The ball's row on the pitch picture: above or below the band the words are written in, never on them. */
function ballRow(y: number): number {
  return y < 315 ? Math.min(y, 150) : Math.max(y, 380);
}

/** A 1200×630 banner in the category's colour: pitch markings, trophies' rings, bands or bubbles, and its words. */
export async function renderNewsImage(plan: NewsImagePlan): Promise<Buffer> {
  const { base, light, accent } = NEWS_COLOURS[plan.category_id];
  const width = 1200;
  const height = 630;
  let decoration: string;
  switch (plan.category_id) {
    case 0: {
      const stripes = Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0 ? `<rect x="${i * 200}" y="0" width="200" height="${height}" fill="#ffffff" opacity="0.06"/>` : '',
      ).join('');
      decoration = `${stripes}
<g fill="none" stroke="#ffffff" stroke-width="6" opacity="0.55">
<rect x="40" y="40" width="1120" height="550"/>
<line x1="600" y1="40" x2="600" y2="590"/>
<circle cx="600" cy="315" r="95"/>
<rect x="40" y="165" width="170" height="300"/>
<rect x="990" y="165" width="170" height="300"/>
</g>
<circle cx="${plan.shapes[0]!.x}" cy="${ballRow(plan.shapes[0]!.y)}" r="22" fill="#ffffff"/>`;
      break;
    }
    case 1:
      decoration = plan.shapes
        .map(
          (s) =>
            `<circle cx="${s.x}" cy="${s.y}" r="${s.r}" fill="none" stroke="${accent}" stroke-width="10" opacity="0.35"/><circle cx="${s.x}" cy="${s.y}" r="${Math.round(s.r / 3)}" fill="${accent}" opacity="0.3"/>`,
        )
        .join('');
      break;
    case 2:
      decoration = `<g transform="rotate(${plan.angle} 600 315)" opacity="0.25">${Array.from(
        { length: 7 },
        (_, i) => `<rect x="${-400 + i * 300}" y="-400" width="90" height="1400" fill="${light}"/>`,
      ).join('')}</g>${plan.shapes
        .map((s) => `<circle cx="${s.x}" cy="${s.y}" r="${Math.round(s.r / 4)}" fill="${accent}" opacity="0.8"/>`)
        .join('')}`;
      break;
    default:
      decoration = `<path d="M0 ${430 + plan.angle} C 300 ${330 - plan.angle}, 700 ${560 + plan.angle}, 1200 ${400 - plan.angle} L 1200 630 L 0 630 Z" fill="#ffffff" opacity="0.14"/>${plan.shapes
        .map((s) => `<circle cx="${s.x}" cy="${s.y}" r="${Math.round(s.r / 2)}" fill="#ffffff" opacity="0.18"/>`)
        .join('')}`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${base}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
${decoration}
${newsImageLabels(plan)}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
