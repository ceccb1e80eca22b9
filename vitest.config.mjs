// The project's tests live in test/. The benchmark's corpus (bench/.corpus: real npm packages, some
// with test files of their own) is linted by `npm run bench`, never run as tests.
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({ test: { exclude: [...configDefaults.exclude, 'bench/**'] } });
