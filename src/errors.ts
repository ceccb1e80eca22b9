/** An error the user caused (bad path, bad flag, bad config): one line, exit code 2, no stack. */
export class UsageError extends Error {}
