// The catalogue keeps its promises: names, coverage of the change list, fix classes, messages, and every
// safe fix lands on a route v4 actually has.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { CHANGES, CHANGE_IDS } from '../src/changes.js';
import { analyse } from '../src/lint.js';
import { routeShape } from '../src/match/evidence.js';
import { isV4Route } from '../src/api/v4-routes.js';
import { SERVICE_RESOURCE_WORDS } from '../src/api/v3-routes.js';

const rulesDir = fileURLToPath(new URL('../rules/', import.meta.url));

describe('catalogue', () => {
  it('has one file per rule, named after its id', () => {
    const files = readdirSync(rulesDir).filter((f) => f.endsWith('.ts') && f !== 'index.ts').map((f) => f.slice(0, -3)).sort();
    expect(rules.map((r) => r.id).sort()).toEqual(files);
  });

  it('uses unique kebab-case ids without no-/v3- prefixes', () => {
    const ids = rules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^(?!no-|v3-)[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
  });

  it('covers every change ID of the change list', () => {
    const covered = new Set(rules.flatMap((r) => r.changes));
    expect(CHANGE_IDS.filter((id) => !covered.has(id))).toEqual([]);
  });

  it('declares fix classes compatible with the change list', () => {
    const rank = { report: 0, unsafe: 1, safe: 2 } as const;
    for (const rule of rules) {
      const best = Math.max(...rule.changes.map((c) => rank[CHANGES[c].fix]));
      expect(rank[rule.fix], `${rule.id} claims a better fix than its changes allow`).toBeLessThanOrEqual(best);
    }
  });

  it('explains unsafe fixes and keeps messages to one line', () => {
    for (const rule of rules) {
      const downgrades = rule.examples.invalid.some((e) => e.fix === 'unsafe');
      if (rule.fix === 'unsafe' || downgrades) expect(rule.fixSafety, `${rule.id} needs fixSafety`).toBeTruthy();
      expect(rule.message).not.toMatch(/\n|\.$/);
      for (const placeholder of rule.message.match(/\{\w+\}/g) ?? []) expect(['{v3}', '{v4}', '{param}', '{method}']).toContain(placeholder);
      expect(rule.docs.length).toBeGreaterThan(40);
    }
  });

  it('gives every rule at least two invalid examples from different clients', () => {
    for (const rule of rules) {
      // A manifest rule judges package.json, not calls: its examples differ by how the pin is written.
      if ('dependencies' in rule) {
        expect(new Set(rule.examples.invalid.map((ex) => ex.code)).size, rule.id).toBeGreaterThanOrEqual(2);
        expect(rule.examples.valid.length, rule.id).toBeGreaterThanOrEqual(2);
        continue;
      }
      const clients = new Set<string>();
      for (const ex of rule.examples.invalid) {
        const calls = analyse(ex.filename ?? 'example.ts', ex.code).calls;
        clients.add(calls.find((c) => c.client !== 'url')?.client ?? calls[0]?.client ?? 'none');
      }
      expect(rule.examples.invalid.length, rule.id).toBeGreaterThanOrEqual(2);
      expect(clients.size, `${rule.id}: invalid examples all use ${[...clients]}`).toBeGreaterThanOrEqual(2);
      expect(rule.examples.valid.length, rule.id).toBeGreaterThanOrEqual(2);
    }
  });

  it('rewrites only to routes v4 has', () => {
    for (const rule of rules) {
      for (const ex of [...rule.examples.invalid, ...(rule.cases?.invalid ?? [])]) {
        if (ex.output === undefined) continue;
        for (const call of analyse(ex.filename ?? 'example.ts', ex.output).calls) {
          if (call.client === 'url' || call.url.version === 'v3') continue;
          const shape = routeShape(call);
          if (shape.length === 0 || shape[0] === null || !SERVICE_RESOURCE_WORDS.has(shape[0])) continue;
          expect(isV4Route(call.method, shape), `${rule.id}: ${ex.output} calls ${call.method} /${shape.join('/')}`).toBe(true);
        }
      }
    }
  });
});
