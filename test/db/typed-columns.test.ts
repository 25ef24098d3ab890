import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The knex table map (db/src/models/tables.ts) types every read and write by the models: a misspelt column or a
 * value of the wrong type does not compile. A small fixture is compiled with the repository's compiler settings,
 * once with mistakes (each must be reported) and once corrected (nothing may be reported), so this fails either way.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = path.join(ROOT, 'test/db/typed-columns.fixture.ts');

const fixture = (names: { filter: string; read: string; score: string }) => `
import type { Knex } from 'knex';
import '../../db/src/models/index.ts';

export async function filter(knex: Knex) {
  return knex('users').where({ ${names.filter}: 'a' }).first('id');
}

export async function read(knex: Knex) {
  return (await knex('games').where({ id: 1 }).first())?.${names.read};
}

export async function write(knex: Knex) {
  await knex('games').where({ id: 1 }).update({ score_1: ${names.score} });
}
`;

const settings = ts.getParsedCommandLineOfConfigFile(
  path.join(ROOT, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  },
)!.options;

let previous: ts.Program | undefined;

/** The fixture's diagnostics, each as its line in the fixture and its message. */
function diagnostics(source: string): { line: number; text: string }[] {
  const host = ts.createCompilerHost(settings);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, ...rest) =>
    path.resolve(fileName) === FIXTURE
      ? ts.createSourceFile(fileName, source, language)
      : getSourceFile(fileName, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => path.resolve(fileName) === FIXTURE || fileExists(fileName);
  const program = ts.createProgram({ rootNames: [FIXTURE], options: settings, host, oldProgram: previous });
  previous = program;
  const file = program.getSourceFile(FIXTURE)!;
  return ts.getPreEmitDiagnostics(program, file).map((d) => ({
    line: file.getLineAndCharacterOfPosition(d.start ?? 0).line,
    text: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }));
}

/** The fixture's line (0-based) holding `text`. */
function lineOf(source: string, text: string): number {
  return source.split('\n').findIndex((line) => line.includes(text));
}

test('a misspelt column in a filter or a read, and a string in a number column, do not compile', (t) => {
  const source = fixture({ filter: 'usernme', read: 'scor_1', score: "'three'" });
  const found = diagnostics(source);
  const at = (text: string) =>
    found
      .filter((d) => d.line === lineOf(source, text))
      .map((d) => d.text)
      .join('\n');
  t.regex(at('usernme'), /usernme/);
  t.regex(at('scor_1'), /Property 'scor_1' does not exist/);
  t.regex(at("'three'"), /Type 'string' is not assignable to type 'number/);
  t.is(found.length, 3, found.map((d) => d.text).join('\n'));
});

test('the same reads and write with the right names and types compile clean', (t) => {
  const found = diagnostics(fixture({ filter: 'username', read: 'score_1', score: '3' }));
  t.deepEqual(found, []);
});
