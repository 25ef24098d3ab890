/**
 * docs/product.md#states and ui-brief: a match found while the tab is in the background must not be missed. A short sound made
 * with WebAudio (no file to load), the tab title flashing until the player looks, and a browser notification when
 * the player allowed them.
 */

type AudioContextClass = typeof AudioContext;

let audio: AudioContext | null = null;

function audioClass(): AudioContextClass | undefined {
  return (window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext) as
    AudioContextClass | undefined;
}

/**
 * Browsers only let a page make sound after the player did something on it, so the sound is readied when the player
 * presses Start (and again on Accept). Safe to call often.
 */
export function primeSound(): void {
  const Audio = audioClass();
  if (!Audio) return;
  try {
    audio ??= new Audio();
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  } catch {
    audio = null;
  }
}

/** Two short rising tones, quiet enough not to startle. */
export function playMatchSound(): void {
  if (!audio) return;
  try {
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const start = audio.currentTime + 0.02;
    [660, 880].forEach((frequency, i) => {
      if (!audio) return;
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      const at = start + i * 0.2;
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.18);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.2);
    });
  } catch {
    // No sound is no reason to miss the rest of the alert.
  }
}

/** How often the tab title swaps while flashing. */
const FLASH_MS = 1_000;

/**
 * Swaps the tab title between `text` and the page's own title until the tab is visible again (or `stop` is
 * called); the page's title, as it is at that moment, is put back.
 */
export function flashTitle(text: string): () => void {
  let original = document.title;
  let showing = false;
  const timer = setInterval(() => {
    if (!showing) original = document.title;
    showing = !showing;
    document.title = showing ? text : original;
  }, FLASH_MS);
  const stop = () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    if (showing) document.title = original;
    showing = false;
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') stop();
  };
  document.addEventListener('visibilitychange', onVisible);
  return stop;
}

/** Whether this browser can show notifications at all. */
export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/**
 * A browser notification, only when the player has allowed them (never asked for here). Clicking it brings the tab
 * forward; it closes by itself once the tab is visible.
 */
export function notify(title: string, body: string): () => void {
  if (!notificationsSupported() || Notification.permission !== 'granted') return () => undefined;
  let notification: Notification | null = null;
  try {
    notification = new Notification(title, { body, tag: 'ecup-match', requireInteraction: true });
  } catch {
    // Some browsers only allow notifications from a service worker.
    return () => undefined;
  }
  notification.onclick = () => {
    window.focus();
    notification?.close();
  };
  const close = () => {
    document.removeEventListener('visibilitychange', onVisible);
    notification?.close();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') close();
  };
  document.addEventListener('visibilitychange', onVisible);
  return close;
}
