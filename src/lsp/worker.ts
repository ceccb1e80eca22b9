// Does the slow work on one large document off the server's main thread, so the server keeps answering
// meanwhile and can cancel the work (by terminating the worker) when a newer version arrives: its check,
// or, given the check, the text fix-all leaves.
import { parentPort, workerData } from 'node:worker_threads';
import { lintText, type LintTextOptions } from '../index.js';
import type { LintResult } from '../results.js';
import { fixAllText } from './fix-all.js';

const job = workerData as { text: string; options: LintTextOptions; checked?: LintResult };
parentPort!.postMessage(job.checked ? fixAllText(job.text, job.checked) : lintText(job.text, job.options));
