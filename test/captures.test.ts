// Which capture groups of a pattern hold a `/`-joined path (callsites/captures.ts).
import { describe, expect, it } from 'vitest';
import { groupNeedsSlash } from '../src/callsites/captures.js';

describe('capture groups that hold a slash', () => {
  it.each([
    ['deploy (\\S+\\/\\S+) to (\\w+)', 1, true],
    ['deploy (\\S+\\/\\S+) to (\\w+)', 2, false],
    ['(?:issue|mr) (?<project>[\\w.-]+\\/[\\w.-]+)#(\\d+)', 1, true],
    ['(?:issue|mr) (?<project>[\\w.-]+\\/[\\w.-]+)#(\\d+)', 2, false],
    // In a character class, an optional inner group or one alternative, the slash may be absent.
    ['members of ([\\w\\/-]+)', 1, false],
    ['owners of (\\d+(?:\\/\\w+)?)', 1, false],
    ['for (\\d+|\\S+\\/\\S+)', 1, false],
    // A pattern built from a string writes its slash unescaped.
    ['tags of (.+/.+)', 1, true],
    // No such group.
    ['tags of (.+/.+)', 2, false],
  ])('%s, group %i: %s', (pattern, group, expected) => {
    expect(groupNeedsSlash(pattern, group)).toBe(expected);
  });
});
