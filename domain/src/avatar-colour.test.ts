import test from 'ava';
import { colourFor } from './avatar-colour.ts';

/** WCAG 2 contrast of white on an `hsl(h s% l%)` colour, computed independently of the component's own maths. */
function contrastWithWhite(colour: string): number {
  const match = /^hsl\((\d+) (\d+)% (\d+)%\)$/.exec(colour);
  if (!match) throw new Error(`not an hsl() colour: ${colour}`);
  const [h, s, l] = [Number(match[1]), Number(match[2]) / 100, Number(match[3]) / 100];
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  const linear = (v: number) => {
    const value = v + (l - c / 2);
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  return 1.05 / (luminance + 0.05);
}

test('white initials reach WCAG AA (4.5:1) on the colour of every username', (t) => {
  const names = Array.from({ length: 3000 }, (_, i) => `player${i}`).concat(['Zlatan', 'åsa_92', 'Ödegaard', 'x']);
  const failing = names.filter((name) => contrastWithWhite(colourFor(name)) < 4.5);
  t.deepEqual(failing, []);
});

test('a username keeps its colour, and different usernames get different hues', (t) => {
  t.is(colourFor('Zlatan'), colourFor('Zlatan'));
  const hues = new Set(Array.from({ length: 200 }, (_, i) => colourFor(`player${i}`).split(' ')[0]));
  t.true(hues.size > 100);
});
