/**
 * The secrets check of `npm test`: no password, token or secret is ever written to a log, so the output of a whole
 * test run — AVA's, and every log the test servers and started products wrote into TEST_LOG_DIR — must hold none of
 * the passwords the tests sign in with, no session, reset or enrolment token, no password hash and not the app's
 * secret. A finding names what was found and where, never the value itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** One kind of secret: fixed values (the tests' passwords) or a pattern (tokens, hashes). */
export interface SecretKind {
  what: string;
  find: (line: string) => boolean;
}

/** What was found: the kind, the log it is in and the line number there. */
export interface SecretFinding {
  what: string;
  where: string;
  line: number;
}

/** A token as `newToken` makes it (64 hex characters) anywhere in a line, also inside a URL or JSON. */
const TOKEN = /(?<![0-9a-fA-F])[0-9a-f]{64}(?![0-9a-fA-F])/;
/** A stored password hash (`scrypt$<cost>$<r>$<p>$<salt>$<key>`). */
const PASSWORD_HASH = /scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]{8,}\$[A-Za-z0-9+/=]{16,}/;

/** The kinds of secret a test run knows of: the given passwords and secrets (as written and URL-encoded), tokens and hashes. */
export function secretKinds(values: Record<string, string>): SecretKind[] {
  const fixed = Object.entries(values)
    .filter(([, value]) => value.length >= 8)
    .map(([what, value]) => {
      const forms = [...new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)])];
      return { what, find: (line: string) => forms.some((form) => line.includes(form)) };
    });
  return [
    ...fixed,
    { what: 'a token (64 hex characters)', find: (line) => TOKEN.test(line) },
    { what: 'a password hash', find: (line) => PASSWORD_HASH.test(line) },
  ];
}

/** Every line of `text` holding a secret of `kinds`, as findings in `where`. */
export function findSecrets(text: string, where: string, kinds: SecretKind[]): SecretFinding[] {
  const findings: SecretFinding[] = [];
  stripVTControlCharacters(text)
    .split(/\r?\n/)
    .forEach((line, index) => {
      for (const kind of kinds) if (kind.find(line)) findings.push({ what: kind.what, where, line: index + 1 });
    });
  return findings;
}

/** Every log file below `dir` (the test run's TEST_LOG_DIR), with its path from `dir`. */
export function logFiles(dir: string): Array<{ name: string; text: string }> {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { name: path.relative(dir, file), text: readFileSync(file, 'utf8') };
    });
}
