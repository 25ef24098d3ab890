import test from 'ava';
import sharp from 'sharp';
import {
  NEWS_IMAGE_HEIGHT,
  NEWS_IMAGE_WIDTH,
  NEWS_THUMB_HEIGHT,
  NEWS_THUMB_WIDTH,
  NEWS_CATEGORIES,
  NEWS_IMAGE_TITLE_TOP,
  PRODUCT_NAME_DEFAULT,
} from '@ecup/domain';
import { NEWS_IMAGE_TEXT_BOX, newsImageLabels, renderNewsImage } from '../../db/src/seed/demo/images.ts';

/** The box around every drawn pixel of an SVG fragment on an empty 1200×630 banner. */
async function inkBox(fragment: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${NEWS_IMAGE_WIDTH}" height="${NEWS_IMAGE_HEIGHT}">${fragment}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      if (data[(y * info.width + x) * 4 + 3]! === 0) continue;
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x + 1);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y + 1);
    }
  return box;
}

const PRODUCTS = [PRODUCT_NAME_DEFAULT, 'Coca-Cola eCup Winter 2027'];

test('a generated news image writes its product name and category inside the 480×270 middle that phones show, above the article title', async (t) => {
  // The thumbnail is the banner's middle 480×270 at its scale (cover), and a phone card shows about its middle.
  t.deepEqual(
    [NEWS_IMAGE_TEXT_BOX.right - NEWS_IMAGE_TEXT_BOX.left, NEWS_IMAGE_TEXT_BOX.bottom - NEWS_IMAGE_TEXT_BOX.top],
    [NEWS_THUMB_WIDTH, NEWS_THUMB_HEIGHT],
  );
  t.is(NEWS_IMAGE_TEXT_BOX.left + NEWS_IMAGE_TEXT_BOX.right, NEWS_IMAGE_WIDTH);
  t.is(NEWS_IMAGE_TEXT_BOX.top + NEWS_IMAGE_TEXT_BOX.bottom, NEWS_IMAGE_HEIGHT);
  for (const category of NEWS_CATEGORIES)
    for (const product of PRODUCTS) {
      const box = await inkBox(newsImageLabels({ category_id: category.id, label: category.label, product }));
      const where = `${category.label} / ${product}: ${JSON.stringify(box)}`;
      t.true(box.left >= NEWS_IMAGE_TEXT_BOX.left && box.right <= NEWS_IMAGE_TEXT_BOX.right, where);
      t.true(box.top >= NEWS_IMAGE_TEXT_BOX.top && box.bottom <= NEWS_IMAGE_TITLE_TOP, where);
    }
});

test('a generated news image is a 1200×630 JPEG', async (t) => {
  const image = await renderNewsImage({
    category_id: 0,
    label: NEWS_CATEGORIES[0]!.label,
    product: PRODUCT_NAME_DEFAULT,
    shapes: Array.from({ length: 5 }, (_, i) => ({ x: 200 + i * 150, y: 300, r: 80 })),
    angle: 10,
  });
  const meta = await sharp(image).metadata();
  t.deepEqual([meta.format, meta.width, meta.height], ['jpeg', NEWS_IMAGE_WIDTH, NEWS_IMAGE_HEIGHT]);
});
