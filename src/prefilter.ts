// The cheap text test run before parsing: a file that mentions no API version and no route word of
// the service cannot hold a v3 call, so it is never parsed.
import { SERVICE_RESOURCE_WORDS } from './api/v3-routes.js';

const WORDS = new RegExp(`api/v[34]|(?:${[...SERVICE_RESOURCE_WORDS].map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).sort((a, b) => b.length - a.length).join('|')})`);

export function mayContainApiCall(text: string): boolean {
  return WORDS.test(text);
}
