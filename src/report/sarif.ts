// SARIF 2.1.0 (the format GitHub code scanning and other viewers read): rules with help, results with
// regions, and fixes as SARIF `fixes` (replacements by character offset). Silenced findings are results
// with `suppressions` (a directive is `inSource`; the baseline and the allow list are `external`).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rules as catalogue } from '../../rules/index.js';
import { renderExplain, ruleDocsUrl, ruleSummary } from '../docs/render.js';
import type { Edit, LintMessage, Suppression } from '../results.js';
import type { Formatter } from './types.js';
import { firstWithSameFix } from './fix-once.js';
import { inertJson } from './visible.js';
import { relativePath } from './paths.js';

const VERSION = '0.1.0';
const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;
// Findings that are not rules of the catalogue.
const OTHER: Record<string, string> = {
  'parse-error': 'The file does not parse',
  'invalid-disable-directive': 'A v4-migrate-disable comment names no rule, or a -line one spans several lines',
  'unused-disable-directive': 'A v4-migrate-disable comment silences nothing',
};

export const sarif: Formatter = (results, ctx) => {
  const ruleIds = [...new Set(results.flatMap((r) => [...r.messages, ...(r.suppressedMessages ?? [])].map((m) => m.ruleId)))].sort();
  const rules = ruleIds.map((id) => {
    const rule = catalogue.find((r) => r.id === id);
    if (!rule) return { id, name: id, shortDescription: { text: OTHER[id] ?? `The file was not checked (${id})` } };
    return {
      id,
      name: id,
      shortDescription: { text: ruleSummary(rule) },
      fullDescription: { text: rule.docs },
      help: { text: renderExplain(rule), markdown: rule.docs },
      helpUri: ruleDocsUrl(id),
      defaultConfiguration: { level: LEVEL[rule.severity ?? 'error'], enabled: rule.enabled !== false },
      properties: { tags: [...rule.changes, `release-${rule.release}`, rule.category], fixClass: rule.fix },
    };
  });
  const uri = (file: string) => relativePath(ctx.cwd, file);
  // A rewrite several findings share is written on the first of them; the others name it (fix-once.ts).
  let offset = 0;
  const sarifResults = results.flatMap((r) => {
    const messages = [...r.messages, ...(r.suppressedMessages ?? [])];
    const shared = firstWithSameFix(messages);
    const first = offset;
    offset += messages.length;
    return messages.map((m, i) => ({
      ruleId: m.ruleId,
      ruleIndex: ruleIds.indexOf(m.ruleId),
      level: LEVEL[m.level],
      message: { text: m.message },
      locations: [{ physicalLocation: { artifactLocation: { uri: uri(r.filePath), uriBaseId: 'SRCROOT' }, region: region(m) } }],
      partialFingerprints: { 'v4-migrate/v1': fingerprint(uri(r.filePath), m, r.output ?? r.source) },
      // A finding on a test double carries the category as a tag, which SARIF viewers filter by.
      properties: { changes: m.changes, fixClass: m.fixClass, ...(m.testDouble ? { testDouble: true, tags: ['test-double'] } : {}), ...(shared[i] !== undefined ? { fixedWith: first + shared[i]! } : {}) },
      ...(m.edits && (m.fix || m.suggestions) && shared[i] === undefined ? { fixes: [fixOf(m, m.edits, uri(r.filePath))] } : {}),
      ...('suppressions' in m ? { suppressions: (m.suppressions as Suppression[]).map(suppressionOf) } : {}),
    }));
  });
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'v4-migrate', version: VERSION, informationUri: 'https://github.com/v4-migrate/v4-migrate', rules } },
        originalUriBaseIds: { SRCROOT: { uri: pathToFileURL(ctx.cwd + path.sep).href } },
        results: sarifResults,
      },
    ],
  };
  return inertJson(JSON.stringify(log, null, 2)) + '\n';
};

function suppressionOf(s: Suppression) {
  return { kind: s.kind === 'directive' ? 'inSource' : 'external', status: 'accepted', ...(s.justification ? { justification: s.justification } : {}) };
}

function region(m: LintMessage) {
  return { startLine: m.line, startColumn: m.column, endLine: m.endLine, endColumn: m.endColumn };
}

function fixOf(m: LintMessage, edits: readonly Edit[], fileUri: string) {
  const description = m.fix ? 'Apply the v4 rewrite' : (m.suggestions?.[0]?.desc ?? 'Apply the v4 rewrite');
  return {
    description: { text: m.fixClass === 'unsafe' ? `${description} (unsafe: review it)` : description },
    artifactChanges: [
      {
        artifactLocation: { uri: fileUri, uriBaseId: 'SRCROOT' },
        replacements: edits.map((e) => ({ deletedRegion: { charOffset: e.start, charLength: e.end - e.start }, insertedContent: { text: e.text } })),
      },
    ],
  };
}

/** Stable across unrelated edits and line moves: rule, file and the text of the finding's line. */
export function fingerprint(file: string, m: LintMessage, source: string | undefined): string {
  const line = source?.split(/\r?\n/)[m.line - 1]?.trim() ?? String(m.line);
  return createHash('sha256').update(`${m.ruleId}\0${file}\0${line}`).digest('hex').slice(0, 32);
}
