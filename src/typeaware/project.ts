// Type-aware mode (`--project tsconfig.json`): the TypeScript checker, through ts-morph, supplies the
// values the file-local evaluator cannot see: constants imported from other modules, enum members,
// `as const` objects, and the declared types that carry a response to code flow cannot follow
// (typeaware/responses.ts). Loaded once per run; the rest of the pipeline is unchanged. ts-morph (the
// TypeScript compiler) is imported only here and only when asked for: it would double every other run's
// start-up.
import path from 'node:path';
import type { Node as TsNode, Project } from 'ts-morph';
import { UsageError } from '../errors.js';
import type { TypedReads } from './responses.js';

export interface TypeInfo {
  /** The string a expression always evaluates to, when its type is a string literal. */
  stringValue(file: string, start: number, end: number): string | undefined;
  /** Field reads, anywhere in the program, on values of the record type the call at [start, end) answers. */
  responseReads: TypedReads;
}

/** Load the TypeScript project of a tsconfig.json. Throws a one-line UsageError when it cannot. */
export async function loadProject(tsconfig: string): Promise<TypeInfo> {
  let tsMorph: typeof import('ts-morph');
  let typedReads: typeof import('./responses.js').typedReads;
  try {
    tsMorph = await import('ts-morph');
    ({ typedReads } = await import('./responses.js'));
  } catch (error) {
    // An optional peer: a copy without it (the GitHub Action's) runs everything else.
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new UsageError('type-aware mode (--project) needs the ts-morph package, which this copy of v4-migrate cannot find; run v4-migrate as npm installs it (in the GitHub Action: set its package input)');
  }
  let project: Project;
  try {
    project = new tsMorph.Project({ tsConfigFilePath: path.resolve(tsconfig) });
  } catch (error) {
    throw new UsageError(`cannot load the TypeScript project ${tsconfig}: ${(error as Error).message.split('\n')[0]}`);
  }
  let reads: TypedReads | undefined;
  return {
    responseReads: (file, start, end) => (reads ??= typedReads(project.getProgram().compilerObject))(file, start, end),
    stringValue(file, start, end) {
      const source = project.getSourceFile(path.resolve(file));
      let node: TsNode | undefined = source?.getDescendantAtPos(start);
      // Climb to the expression that spans exactly [start, end).
      while (node && !(node.getStart() === start && node.getEnd() === end)) {
        const parent: TsNode | undefined = node.getParent();
        if (!parent || parent.getStart() < start || parent.getEnd() > end) return undefined;
        node = parent;
      }
      if (!node) return undefined;
      const type = node.getType();
      if (!type.isLiteral()) return undefined;
      const value = type.getLiteralValue();
      return typeof value === 'string' ? value : undefined;
    },
  };
}
