#!/usr/bin/env node
// `npm run realworld`: score the built CLI on real-world corpora and hold the score with a ratchet.
//
// The corpora are those of realworld/corpora.json (the development corpus of published npm packages,
// fetched into .cache/realworld/ on first use; corpora kept in the repository) and any expectations file
// given with --corpus. Per source the CLI runs once on its roots; its findings are matched to the
// annotated items (scripts/realworld/scoring.mjs says how). realworld/score.json holds the figures the
// ratchet compares with; --update records them and the README table.
//
// Exit status: 0 done (with --check: nothing worse than recorded); 1 a figure is worse than recorded
// (--check, or --update without --force) or, without either, a source's run failed; 2 bad usage, a
// corpus file missing or malformed, a fetch that failed, or no built CLI.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CACHE_DIR, listedCorpora, loadCorpora, refreshVendoredFiles, SetupError, staleVendoredFiles } from './realworld/corpora.mjs';
import { fetchSources } from './realworld/fetch.mjs';
import { checkFixModel } from './realworld/fix-model.mjs';
import { compareFigures, figuresOf, readRecordedFigures, renderReadmeTable, renderScoreFile, withReadmeTable } from './realworld/ratchet.mjs';
import { renderJson, renderText } from './realworld/report.mjs';
import { scoreCorpus } from './realworld/scoring.mjs';

const USAGE = `usage: npm run realworld -- [--check | --update [--force]] [--json] [--no-fix-model] [--corpus FILE]...

  (no flag)            score every corpus: misses, false positives, a table per corpus, totals
  --check              exit 1 if any figure is worse than realworld/score.json records (CI);
                       every run also fixes a copy of each corpus (--fix, then --fix --unsafe-fixes)
                       and exits 1 when a plain run of the fixed copy does not find exactly what
                       --fix reported as left (the fix model)
  --no-fix-model       score only, without the fix model (a quicker run; CI checks both)
  --update             record the figures in realworld/score.json and the README table;
                       refused when a figure is worse, unless --force
  --json               the scores (and the ratchet's verdict) as JSON on stdout
  --corpus FILE        also score this expectations file (its dirs relative to it); repeatable
  --refresh-vendored   copy ../shared/realworld's expectations and fetch list into realworld/dev/
  --cli FILE           score this CLI instead of the project's built one (dist/src/cli/main.js)
  --root DIR           the project root holding realworld/ and README.md (default: this checkout)`;

const UPDATE_HINT = 'run `npm run realworld -- --update` to record';

class UsageError extends Error {}

function parseOptions(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        check: { type: 'boolean' }, update: { type: 'boolean' }, force: { type: 'boolean' }, json: { type: 'boolean' }, 'no-fix-model': { type: 'boolean' },
        corpus: { type: 'string', multiple: true }, cli: { type: 'string' }, root: { type: 'string' },
        'refresh-vendored': { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    throw new UsageError(error.message);
  }
  if (parsed.check && parsed.update) throw new UsageError('--check and --update do not go together: check first, then update');
  if (parsed.force && !parsed.update) throw new UsageError('--force only goes with --update');
  return parsed;
}

const scriptRoot = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(argv) {
  const options = parseOptions(argv);
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const root = path.resolve(options.root ?? scriptRoot());
  if (options['refresh-vendored']) return refreshVendored(root);
  const corpora = loadCorpora(root, options.corpus ?? []);
  if (corpora.length === 0) throw new SetupError('no corpus to score: list one in realworld/corpora.json, or name one with --corpus');
  warnAboutStaleCopies(corpora, root);
  // The CLI and score.json are looked at before fetching, so that a missing one is said at once.
  const cliPath = builtCli(root, options.cli);
  const scoreFile = path.join(root, 'realworld', 'score.json');
  const recorded = options.check || options.update ? recordedFigures(scoreFile, options.check) : undefined;
  await fetchCorpora(corpora, root);
  const scored = [];
  // Each corpus is scored, then its sources fixed and linted again: the fix model must hold on them.
  for (const corpus of corpora) {
    const score = await scoreCorpus(corpus, cliPath);
    scored.push(options['no-fix-model'] ? score : { ...score, fixModel: await checkFixModel(corpus, cliPath) });
  }
  const current = figuresOf(scored);
  const ratchet = recorded ? compareFigures(recorded, current) : undefined;
  console.log(options.json ? renderJson(scored, ratchet) : renderText(scored));
  // Beside JSON on stdout, the ratchet's verdict goes to stderr so that both stay readable.
  const say = options.json ? (line) => console.error(line) : (line) => console.log(line);
  // The ratchet's verdict first, then the fix model's: the last line says why the run fails, if it does.
  const code = options.check ? verdict(ratchet, say) : options.update ? record(ratchet, current, { root, scoreFile, force: options.force, say }) : scored.some((c) => c.total.failedRuns > 0) ? 1 : 0;
  return Math.max(code, fixModelVerdict(scored, say));
}

/** Whatever the mode, a corpus on which the fix model does not hold fails the run (1), with a line that says so. */
function fixModelVerdict(scored, say) {
  const failing = scored.filter((c) => c.fixModel && (c.fixModel.differences.length > 0 || c.fixModel.errors.length > 0));
  if (failing.length === 0) return 0;
  say('');
  for (const c of failing) {
    say(`the fix model does not hold on ${c.name}: ${c.fixModel.differences.length} finding(s) --fix reported otherwise than the run after it finds, ${c.fixModel.errors.length} run(s) failed`);
  }
  return 1;
}

function refreshVendored(root) {
  const written = listedCorpora(root).flatMap(refreshVendoredFiles);
  if (written.length === 0) throw new SetupError('no corpus of realworld/corpora.json has its upstream folder (../shared/realworld) next to this checkout: nothing to refresh');
  for (const file of written) console.log(`refreshed ${path.relative(root, file)}`);
  console.log(`now ${UPDATE_HINT} the figures of the refreshed annotations`);
  return 0;
}

// A clone scores with the vendored copies; next to ../shared they should be the same as the originals.
function warnAboutStaleCopies(corpora, root) {
  for (const corpus of corpora) {
    for (const { file, upstream } of staleVendoredFiles(corpus)) {
      console.error(`warning: ${path.relative(root, file)} differs from ${path.relative(root, upstream)}: `
        + 'refresh the copies with `npm run realworld -- --refresh-vendored`, then record with `--update`');
    }
  }
}

async function fetchCorpora(corpora, root) {
  const cacheDir = path.join(root, CACHE_DIR);
  const failures = [];
  for (const corpus of corpora.filter((c) => c.fetchList)) {
    const started = Date.now();
    const outcome = await fetchSources(corpus.fetchList, cacheDir, (line) => console.error(`${corpus.name}: ${line}`));
    failures.push(...outcome.failures.map((reason) => `${corpus.name}: ${reason}`));
    if (outcome.fetched) console.error(`${corpus.name}: ${outcome.fetched} source(s) fetched into ${CACHE_DIR} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (failures.length) throw new SetupError(`${failures.join('\n')}\n${failures.length} source(s) could not be fetched into ${CACHE_DIR}`);
}

function builtCli(root, given) {
  if (given) {
    const cli = path.resolve(given);
    if (!existsSync(cli)) throw new SetupError(`--cli ${given}: no such file`);
    return cli;
  }
  const { bin } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const relative = typeof bin === 'string' ? bin : Object.values(bin ?? {})[0];
  const cli = path.join(root, relative ?? 'dist/src/cli/main.js');
  if (!existsSync(cli)) throw new SetupError(`the CLI is not built (${path.relative(root, cli)} does not exist): run \`npm run build\`, or use \`npm run realworld\``);
  return cli;
}

function recordedFigures(scoreFile, required) {
  if (!existsSync(scoreFile)) {
    if (required) throw new SetupError(`nothing recorded yet (${scoreFile} does not exist): ${UPDATE_HINT} the figures`);
    return {};
  }
  try {
    return readRecordedFigures(scoreFile);
  } catch (error) {
    throw new SetupError(`${scoreFile} cannot be read: ${error.message}`);
  }
}

function sayDifferences({ drops, gains, changes }, say) {
  for (const line of drops) say(`dropped: ${line}`);
  for (const line of gains) say(`better: ${line}`);
  for (const line of changes) say(`changed: ${line}`);
}

/** --check: list every difference; 1 if anything got worse. */
function verdict(ratchet, say) {
  say('');
  sayDifferences(ratchet, say);
  if (ratchet.drops.length) {
    say(`worse than recorded in realworld/score.json: ${ratchet.drops.length} figure(s) dropped`);
    return 1;
  }
  if (ratchet.gains.length) say(`improved: ${UPDATE_HINT}`);
  else if (ratchet.changes.length) say(`the annotations changed: ${UPDATE_HINT}`);
  else say('as recorded in realworld/score.json');
  return 0;
}

/** --update: write score.json and the README table, unless a figure got worse and --force is not given. */
function record(ratchet, current, { root, scoreFile, force, say }) {
  say('');
  sayDifferences(ratchet, say);
  if (ratchet.drops.length && !force) {
    say(`not recorded: ${ratchet.drops.length} figure(s) worse than realworld/score.json; fix them, or record anyway with --force`);
    return 1;
  }
  writeFileSync(scoreFile, renderScoreFile(current));
  say(`recorded ${path.relative(root, scoreFile)}`);
  const readmeFile = path.join(root, 'README.md');
  const readme = existsSync(readmeFile) ? withReadmeTable(readFileSync(readmeFile, 'utf8'), renderReadmeTable(current)) : undefined;
  if (readme === undefined) {
    say('README.md has no <!-- realworld:start --> … <!-- realworld:end --> markers: its table was not written');
  } else {
    writeFileSync(readmeFile, readme);
    say('recorded the README table');
  }
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError || error instanceof SetupError)) throw error;
  console.error(error.message);
  if (error instanceof UsageError) console.error('see `npm run realworld -- --help`');
  process.exitCode = 2;
}
