/*
 * The look of a player without a photo (ui-brief "Identity": initials on a colour derived from the username), in
 * the player app's avatars and the link-preview cards of profiles alike.
 */

/** Relative luminance (WCAG 2) of an HSL colour; saturation and lightness from 0 to 1. */
function luminanceOf(hue: number, saturation: number, lightness: number): number {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(8) + 0.0722 * channel(4);
}

/**
 * Luminance at most this keeps white initials at 4.5:1 or better (WCAG AA for normal text: the initials are
 * smaller than 18.66 px bold): (1 + 0.05) / (0.18 + 0.05) ≈ 4.57.
 */
const MAX_LUMINANCE_UNDER_WHITE = 0.18;

/**
 * A stable colour from a username, so a player without a photo keeps the same colour everywhere (ui-brief). Every
 * hue at the same saturation, darkened where needed (yellows and greens are bright at equal lightness) until white
 * initials meet WCAG AA.
 */
export function colourFor(username: string): string {
  let hash = 0;
  for (const char of username) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  const hue = hash % 360;
  let lightness = 36;
  while (lightness > 10 && luminanceOf(hue, 0.55, lightness / 100) > MAX_LUMINANCE_UNDER_WHITE) lightness -= 1;
  return `hsl(${hue} 55% ${lightness}%)`;
}

/** Initials for a player without a photo. */
export function initialsOf(username: string): string {
  const letters = username.replace(/[^\p{L}\p{N}]/gu, '');
  return (letters.slice(0, 2) || '?').toUpperCase();
}
