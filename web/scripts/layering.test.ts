// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The web's layering (docs/decisions.md, issue 10) is enforced by Biome's noRestrictedImports with
 * one override per folder in biome.json. These tests show that `make lint` really fails on a
 * forbidden import: they run Biome, with the project's own biome.json, on planted files.
 */
const WEB = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(WEB, 'src');
const BIOME = join(WEB, 'node_modules', '.bin', 'biome');

interface Override {
  includes?: string[];
  linter?: unknown;
}
const config = JSON.parse(readFileSync(join(WEB, 'biome.json'), 'utf8')) as {
  overrides: Override[];
  [key: string]: unknown;
};

const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const includes = config.overrides.flatMap((o) => o.includes ?? []);
// Deny by default: the shared rule holds every folder of src/ but features and routes.
const sharedOverride = config.overrides.find((o) => o.includes?.includes('src/*/**'));

interface Diagnostic {
  category: string;
  location: { path: string; start: { line: number } };
}

/** Writes `files` (path under src/ -> source) next to a copy of biome.json and lints them. */
function lintPlanted(files: Record<string, string>): Diagnostic[] {
  const root = mkdtempSync(join(tmpdir(), 'addme-layers-'));
  planted.push(root);
  writeFileSync(
    join(root, 'biome.json'),
    JSON.stringify({ ...config, vcs: { enabled: false }, files: { includes: ['**'] } }),
  );
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, 'src', path)), { recursive: true });
    writeFileSync(join(root, 'src', path), source);
  }
  let out: string;
  try {
    out = execFileSync(BIOME, ['lint', '--reporter=json', '--max-diagnostics=none', 'src'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    out = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(out) as { diagnostics: Diagnostic[] };
  return report.diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports');
}
const planted: string[] = [];
afterAll(() => {
  for (const root of planted) rmSync(root, { recursive: true, force: true });
});

/** The planted files' forbidden lines, as `path:line`. */
const refused = (diagnostics: Diagnostic[]) =>
  diagnostics
    .map((d) => `${d.location.path.replace(/^src\//, '')}:${d.location.start.line}`)
    .sort();

describe('web layering (biome.json)', () => {
  it('classifies every folder of src/: shared by default, features (each with its own rule) or routes', () => {
    expect(sharedOverride?.includes).toEqual(['src/*/**', '!src/features/**', '!src/routes/**']);
    for (const feature of folders(join(SRC, 'features'))) {
      expect(includes, `features/${feature} has no override in biome.json`).toContain(
        `src/features/${feature}/**`,
      );
    }
  });

  it('fails lint when shared code imports a feature, or a feature another feature', () => {
    const diagnostics = lintPlanted({
      'lib/planted.ts': "import { a } from '@/features/groups/a';\nexport const b = a;\n",
      'components/Planted.tsx':
        "import type { A } from '@/features/groups/a';\nexport type B = A;\n",
      'api/planted.ts': "export const load = () => import('@/features/groups/a');\n",
      // A folder nobody listed is shared code too.
      'widgets/planted.ts': "import { a } from '@/features/groups/a';\nexport const w = a;\n",
      'features/groups/a.ts': 'export const a = 1;\nexport type A = number;\n',
      'features/groups/own.ts':
        "import { a } from '@/features/groups/a';\nimport { c } from './a';\nexport const d = [a, c];\n",
      'features/listings/planted.ts':
        "import { a } from '@/features/groups/a';\nimport { b } from '@/lib/planted';\nexport const c = [a, b];\n",
    });
    expect(refused(diagnostics)).toEqual([
      'api/planted.ts:1',
      'components/Planted.tsx:1',
      'features/listings/planted.ts:1',
      'lib/planted.ts:1',
      'widgets/planted.ts:1',
    ]);
  });

  it('fails lint on a relative import that leaves its folder, and on importing routes', () => {
    const diagnostics = lintPlanted({
      'lib/x.ts': 'export const x = 1;\n',
      'features/shop/planted.ts':
        "import { x } from '../../lib/x';\nimport { y } from './sub/y';\nimport { guard } from '@/routes/guards';\nexport const z = [x, y, guard];\n",
      'features/shop/sub/y.ts': "import { x } from '@/lib/x';\nexport const y = x;\n",
      'routes/page.tsx':
        "import { z } from '@/features/shop/planted';\nimport { router } from '@/router';\nexport const p = [z, router];\n",
    });
    expect(refused(diagnostics)).toEqual([
      'features/shop/planted.ts:1',
      'features/shop/planted.ts:3',
      'routes/page.tsx:2',
    ]);
  });

  it('passes on the real tree: no import in src/ runs against the layers', () => {
    let out: string;
    try {
      const only = '--only=style/noRestrictedImports';
      out = execFileSync(
        BIOME,
        ['lint', only, '--reporter=json', '--max-diagnostics=none', 'src'],
        {
          cwd: WEB,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      );
    } catch (error) {
      out = (error as { stdout: string }).stdout;
    }
    const report = JSON.parse(out) as { diagnostics: Diagnostic[] };
    const layering = report.diagnostics.filter(
      (d) => d.category === 'lint/style/noRestrictedImports',
    );
    expect(refused(layering)).toEqual([]);
  }, 30_000); // the whole tree on a busy two-core machine: more than the default five seconds
});
