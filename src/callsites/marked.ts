// A URL as a string whose holes are single private-use characters, with the origin of every character
// kept alongside. Rules and rewrites work on plain strings; origins let the fixer map back to source.
import type { HolePiece, Piece, TextPiece } from './types.js';

const HOLE_BASE = 0xe000;

export type Origin =
  | { kind: 'lit'; piece: TextPiece; index: number }
  | { kind: 'hole'; hole: number };

/** A hole: an expression from the source, or new code a rewrite introduced. */
export interface Hole {
  code: string;
  piece?: HolePiece;
  /** New code for the expression, written over it in place. */
  replace?: string;
  /** Code wrapped around the original expression by a rewrite (`!(` … `)`). */
  before?: string;
  after?: string;
}

export class Marked {
  constructor(
    readonly text: string,
    readonly origins: readonly Origin[],
  ) {}

  /** Only the text `fromPieces` would build (and its holes), without the per-character origins. */
  static textOf(pieces: readonly Piece[], holes: Hole[]): string {
    let text = '';
    for (const piece of pieces) {
      if (piece.kind === 'text') {
        text += piece.text;
      } else {
        text += holeChar(holes.length);
        holes.push({ code: piece.code, piece });
      }
    }
    return text;
  }

  /** Build from evaluator pieces; hole i of `holes` gets character U+E000+i. */
  static fromPieces(pieces: readonly Piece[], holes: Hole[]): Marked {
    let text = '';
    const origins: Origin[] = [];
    for (const piece of pieces) {
      if (piece.kind === 'text') {
        text += piece.text;
        for (let i = 0; i < piece.text.length; i++) origins.push({ kind: 'lit', piece, index: i });
      } else {
        const id = holes.length;
        holes.push({ code: piece.code, piece });
        text += holeChar(id);
        origins.push({ kind: 'hole', hole: id });
      }
    }
    return new Marked(text, origins);
  }
}

/** The piece of a URL that holds the character at `offset` of its marked text (a hole is one character). */
export function pieceAt(pieces: readonly Piece[], offset: number): Piece | undefined {
  let at = 0;
  for (const piece of pieces) {
    at += piece.kind === 'text' ? piece.text.length : 1;
    if (offset < at) return piece;
  }
  return undefined;
}

export function holeChar(id: number): string {
  return String.fromCharCode(HOLE_BASE + id);
}

export function holeId(ch: string): number | undefined {
  const code = ch.charCodeAt(0);
  return code >= HOLE_BASE && code < 0xf8ff ? code - HOLE_BASE : undefined;
}

export const HOLE_CLASS = '\ue000-\uf8ff';
const HAS_HOLE = new RegExp(`[${HOLE_CLASS}]`);

export function hasHole(s: string): boolean {
  return HAS_HOLE.test(s);
}
