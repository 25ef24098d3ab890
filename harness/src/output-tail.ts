/**
 * A started process's output kept in memory within a bound: its first `headChars` (the start-up lines and the first
 * error) and its last `tailChars`. A process under load for minutes writes hundreds of megabytes of log lines, more
 * than one string may hold. Whether a text has appeared is answered for all the output, not only what is kept:
 * once asked, a text is looked for in every chunk as it arrives (across chunk boundaries).
 */
export class OutputTail {
  private head = '';
  private tail = '';
  /** Characters dropped between the head and the tail. */
  private dropped = 0;
  /** Texts asked about and whether each has appeared since it was first asked (or in what was kept then). */
  private readonly watched = new Map<string, boolean>();
  /** The output's last characters, as many as the longest text asked about but one (for a text across chunks). */
  private carry = '';
  private carryChars = 0;

  constructor(
    private readonly headChars = 64 * 1024,
    private readonly tailChars = 1024 * 1024,
  ) {}

  push(chunk: string): void {
    if (this.watched.size > 0) {
      const window = this.carry + chunk;
      for (const [text, seen] of this.watched) if (!seen && window.includes(text)) this.watched.set(text, true);
      this.carry = this.carryChars > 0 ? window.slice(-this.carryChars) : '';
    }
    let rest = chunk;
    if (this.head.length < this.headChars) {
      const room = this.headChars - this.head.length;
      this.head += rest.slice(0, room);
      rest = rest.slice(room);
    }
    if (rest === '') return;
    this.tail += rest;
    // Cut back to the bound once the tail is twice over it, so a stream of small chunks is not copied each time.
    if (this.tail.length > 2 * this.tailChars) {
      this.dropped += this.tail.length - this.tailChars;
      this.tail = this.tail.slice(-this.tailChars);
    }
  }

  /** What is kept: the head, a line saying how much was left out (if anything), and the tail. */
  text(): string {
    if (this.dropped === 0) return this.head + this.tail;
    return `${this.head}\n[… ${this.dropped} characters of output left out …]\n${this.tail}`;
  }

  /**
   * Whether `text` has appeared in the output: in what is kept when first asked, or in any chunk since. (Output
   * dropped before the first question about a text is not searched: it is gone.)
   */
  seen(text: string): boolean {
    if (text === '') return true;
    let seen = this.watched.get(text);
    if (seen === undefined) {
      seen =
        this.dropped === 0
          ? (this.head + this.tail).includes(text)
          : this.head.includes(text) || this.tail.includes(text);
      this.watched.set(text, seen);
      if (text.length - 1 > this.carryChars) {
        this.carryChars = text.length - 1;
        this.carry = this.last(this.carryChars);
      }
    }
    return seen;
  }

  /** The output's last `count` characters, or as many of them as are kept. */
  private last(count: number): string {
    if (this.tail.length >= count || this.dropped > 0) return this.tail.slice(-count);
    return this.head.slice(-(count - this.tail.length)) + this.tail;
  }
}
