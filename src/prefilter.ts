// The cheap text test run before parsing: a file that mentions no API version and no first path word
// of the service's routes cannot hold a v3 call (every call path starts with one, or with a base URL
// holding `api/vN`), so it is never parsed. Type-aware mode turns it off (words may live elsewhere).
import { SERVICE_ROOT_WORDS } from './api/v3-routes.js';

const WORDS = new RegExp(`api/v[34]|(?:${[...SERVICE_ROOT_WORDS].map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).sort((a, b) => b.length - a.length).join('|')})`);

export function mayContainApiCall(text: string): boolean {
  return WORDS.test(text);
}
