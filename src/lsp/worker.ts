// Lints one large document off the server's main thread, so the server keeps answering meanwhile and can
// cancel the work (by terminating the worker) when a newer version arrives.
import { parentPort, workerData } from 'node:worker_threads';
import { lintText, type LintTextOptions } from '../index.js';

const { text, options } = workerData as { text: string; options: LintTextOptions };
parentPort!.postMessage(lintText(text, options));
