/**
 * The import zones of biome.json really reject what docs/architecture.md forbids. Every fixture below is written
 * into a throw-away tree that mirrors the repository's layout (the zones match paths), next to a copy of the real
 * biome.json, and the whole tree is linted once: each bad fixture must be reported by a noRestricted* rule, and the
 * good fixtures, which import what their zone allows, must not be.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

type Fixture = [name: string, path: string, source: string];

/** [what it breaks, file path in the repository, source]: one forbidden import or global per file. */
const bad: Fixture[] = [
  // protocol and the three programs
  ['protocol imports the client', 'protocol/bad-client.ts', "import '#lib/http.ts';"],
  ['protocol imports the server by a relative path', 'protocol/bad-server.ts', "import '../server/config.ts';"],
  ['protocol leaves protocol/', 'protocol/bad-up.ts', "import '../package.json';"],
  ['sw imports the client', 'sw/bad-client.ts', "import '../src/lib/http.ts';"],
  ['sw imports lib by alias', 'sw/bad-lib.ts', "import '#lib/storage.ts';"],
  ['sw imports the server', 'sw/bad-server.ts', "import '../server/app.ts';"],
  ['src imports the server', 'src/lib/bad-server.ts', "import '../../server/config.ts';"],
  ['src imports the worker', 'src/app/bad-sw.ts', "import '../../sw/routes.ts';"],
  ['server imports the client', 'server/bad-client.ts', "import '../src/lib/http.ts';"],
  ['server imports lib by alias', 'server/modules/chat/bad-lib.ts', "import '#lib/http.ts';"],
  ['server imports the worker', 'server/plugins/bad-sw.ts', "import '../../sw/routes.ts';"],
  ['scripts import the client', 'scripts/bad-client.ts', "import '../src/app/store.ts';"],
  // lib
  ['lib imports a feature internal (deep)', 'src/lib/bad-feature-deep.ts', "import '#features/chat/components/x.tsx';"],
  ['lib imports a feature entry', 'src/lib/bad-feature-entry.ts', "import '#features/chat/index.ts';"],
  ['lib imports a feature relatively', 'src/lib/bad-feature-rel.ts', "import '../features/chat/chat.atoms.ts';"],
  ['lib imports app', 'src/lib/bad-app.ts', "import '#app/store.ts';"],
  ['lib imports ui', 'src/lib/bad-ui.ts', "import '#ui/button.tsx';"],
  ['lib imports ui relatively', 'src/lib/bad-ui-rel.ts', "import '../ui/button.tsx';"],
  ['lib imports routes', 'src/lib/bad-routes.ts', "import '../routes/login.tsx';"],
  ['lib (not storage) uses idb-keyval', 'src/lib/bad-idb.ts', "import 'idb-keyval';"],
  ['lib (not http) uses ky', 'src/lib/bad-ky.ts', "import 'ky';"],
  ['http.ts uses idb-keyval', 'src/lib/http.ts', "import 'idb-keyval';"],
  ['http.ts imports a feature', 'src/lib/http.ts', "import '#features/auth/index.ts';"],
  ['storage.ts uses ky', 'src/lib/storage.ts', "import 'ky';"],
  ['storage.ts imports app', 'src/lib/storage.ts', "import '#app/store.ts';"],
  ['lib uses radix-ui', 'src/lib/bad-radix.ts', "import { Dialog } from 'radix-ui';"],
  ['lib uses the default jotai store', 'src/lib/bad-store.ts', "import { getDefaultStore } from 'jotai';"],
  // ui
  ['ui imports a feature', 'src/ui/bad-feature.tsx', "import '#features/account/index.ts';"],
  ['ui imports a feature relatively', 'src/ui/bad-feature-rel.tsx', "import '../features/account/index.ts';"],
  ['ui imports app', 'src/ui/bad-app.tsx', "import '#app/store.ts';"],
  ['ui imports routes', 'src/ui/bad-routes.tsx', "import '../routes/login.tsx';"],
  ['ui uses idb-keyval', 'src/ui/bad-idb.tsx', "import { get } from 'idb-keyval';"],
  ['ui uses ky', 'src/ui/bad-ky.tsx', "import ky from 'ky';"],
  ['ui uses the default jotai store', 'src/ui/bad-store.tsx', "import { getDefaultStore } from 'jotai';"],
  // features
  [
    'a feature imports another feature internal',
    'src/features/social/bad-internal.ts',
    "import '#features/chat/chat.atoms.ts';",
  ],
  [
    'a feature imports another nested internal',
    'src/features/social/components/bad-nested.tsx',
    "import '#features/chat/components/composer.tsx';",
  ],
  [
    'a feature imports an entry-named file below the root',
    'src/features/social/bad-deep-entry.ts',
    "import '#features/chat/components/index.ts';",
  ],
  ['a feature reaches a sibling relatively', 'src/features/social/bad-sibling.ts', "import '../chat/index.ts';"],
  [
    'a feature component reaches a sibling relatively',
    'src/features/social/components/bad-sibling.tsx',
    "import '../../chat/index.ts';",
  ],
  [
    'a feature goes through features/ relatively',
    'src/features/social/components/bad-rel.tsx',
    "import '../../../features/chat/index.ts';",
  ],
  ['a feature imports app', 'src/features/social/bad-app.ts', "import '#app/store.ts';"],
  ['a feature imports app relatively', 'src/features/social/components/bad-app.tsx', "import '../../../app/store.ts';"],
  ['a feature imports routes', 'src/features/social/bad-routes.ts', "import '../../routes/login.tsx';"],
  ['a feature uses radix-ui', 'src/features/social/components/bad-radix.tsx', "import { Dialog } from 'radix-ui';"],
  ['a feature uses a radix-ui package', 'src/features/social/bad-radix-pkg.tsx', "import '@radix-ui/react-dialog';"],
  ['a feature uses idb-keyval', 'src/features/chat/bad-idb.ts', "import { get } from 'idb-keyval';"],
  ['a feature uses ky', 'src/features/chat/components/bad-ky.ts', "import ky from 'ky';"],
  [
    'a feature uses the default jotai store',
    'src/features/chat/bad-store.ts',
    "import { getDefaultStore } from 'jotai';",
  ],
  [
    'a feature re-exports another feature internal',
    'src/features/social/bad-reexport.ts',
    "export { x } from '#features/chat/chat.rules.ts';",
  ],
  [
    'a feature lazily imports another feature internal',
    'src/features/social/bad-lazy.ts',
    "export const m = () => import('#features/chat/outbox.ts');",
  ],
  [
    'a feature type-imports another feature internal',
    'src/features/social/bad-type.ts',
    "import type { X } from '#features/chat/chat.atoms.ts';\nexport type Y = X;",
  ],
  // routes
  [
    'a route imports a feature internal',
    'src/routes/bad-internal.tsx',
    "import '#features/chat/components/chat-page.tsx';",
  ],
  ['a route imports a feature relatively', 'src/routes/_auth/bad-rel.tsx', "import '../../features/chat/index.ts';"],
  ['a route uses radix-ui', 'src/routes/bad-radix.tsx', "import { Tabs } from 'radix-ui';"],
  ['a route uses ky', 'src/routes/bad-ky.tsx', "import 'ky';"],
  ['a route imports the server', 'src/routes/bad-server.tsx', "import '../../server/config.ts';"],
  // app
  [
    'app imports a feature internal',
    'src/app/layout/bad-internal.tsx',
    "import '#features/social/components/friend-panel.tsx';",
  ],
  ['app imports a route file', 'src/app/bad-route.ts', "import '../routes/login.tsx';"],
  ['main uses idb-keyval', 'src/bad-main.ts', "import 'idb-keyval';"],
  // one owner per side effect (globals)
  ['a feature calls fetch', 'src/features/chat/bad-fetch.ts', "export const f = () => fetch('/x');"],
  ['ui opens a WebSocket', 'src/ui/bad-socket.ts', "export const s = () => new WebSocket('ws://x');"],
  ['app touches indexedDB', 'src/app/bad-idb-global.ts', "export const d = () => indexedDB.open('x');"],
  // server zones
  ['a service imports plugins/', 'server/modules/chat/bad-plugin.service.ts', "import '../../plugins/errors.ts';"],
  ['the chat writer imports realtime/', 'server/modules/chat/bad-rt.writer.ts', "import '../../realtime/hub.ts';"],
  ['a rules file imports realtime/', 'server/modules/chat/bad-rt.rules.ts', "import '../../realtime/hub.ts';"],
  [
    'a repository imports plugins/',
    'server/modules/chat/bad-plugin.repository.ts',
    "import '../../plugins/errors.ts';",
  ],
  [
    'a service imports another module routes',
    'server/modules/chat/bad-routes.service.ts',
    "import '../users/users.routes.ts';",
  ],
  [
    'a service uses kysely',
    'server/modules/chat/bad.service.ts',
    "import { sql } from 'kysely';\nexport const q = sql;",
  ],
  ['a rules file uses kysely', 'server/modules/chat/bad.rules.ts', "import 'kysely';"],
  ['routes use kysely', 'server/modules/chat/bad.routes.ts', "import 'kysely';"],
  ['a plugin uses kysely', 'server/plugins/bad-sql.ts', "import 'kysely';"],
  ['realtime uses kysely', 'server/realtime/bad-sql.ts', "import 'kysely';"],
  ['app.ts-level code uses ws', 'server/bad-ws.ts', "import 'ws';"],
  ['a module uses ws', 'server/modules/chat/bad-ws.ts', "import { WebSocket } from 'ws';\nexport const w = WebSocket;"],
  ['a repository uses ws', 'server/modules/chat/bad.repository.ts', "import 'ws';"],
  ['db uses ws', 'server/db/bad-ws.ts', "import 'ws';"],
  ['a server test outside realtime uses ws', 'server/modules/chat/bad-ws.test.ts', "import 'ws';"],
  ['a rules file imports plugins/', 'server/modules/chat/bad-plugin.rules.ts', "import '../../plugins/errors.ts';"],
  [
    'a module imports another module service',
    'server/modules/users/bad-cross.service.ts',
    "import '../auth/auth.service.ts';",
  ],
  [
    'routes import another module service',
    'server/modules/users/bad-cross.routes.ts',
    "import '../chat/chat.service.ts';",
  ],
  [
    'a rules file imports another module service',
    'server/modules/users/bad-cross.rules.ts',
    "import '../auth/auth.service.ts';",
  ],
  [
    'a repository imports another module service',
    'server/modules/users/bad-cross.repository.ts',
    "import '../../modules/auth/auth.service.ts';",
  ],
];

/** [zone, file path, source]: imports each zone is allowed; none may be reported. */
const good: Fixture[] = [
  ['protocol', 'protocol/good.ts', "import 'zod';\nimport './codes.ts';\nimport '#protocol/constants.ts';"],
  ['sw', 'sw/good.ts', "import 'workbox-core';\nimport './routes.ts';\nimport '#protocol/constants.ts';"],
  [
    'lib',
    'src/lib/good.ts',
    "import { atom } from 'jotai';\nimport './i18n.ts';\nimport '#lib/storage.ts';\nimport '#protocol/codes.ts';\nexport const a = atom(0);",
  ],
  ['http.ts', 'src/lib/http.ts', "import ky from 'ky';\nimport '#protocol/codes.ts';\nexport const k = ky;"],
  ['storage.ts', 'src/lib/storage.ts', "import { get } from 'idb-keyval';\nexport const g = get;"],
  [
    'ui',
    'src/ui/good.tsx',
    "import { Dialog } from 'radix-ui';\nimport '#lib/i18n.ts';\nimport './button.tsx';\nexport const d = Dialog;",
  ],
  [
    'feature root',
    'src/features/social/good.ts',
    "import '#features/account/index.ts';\nimport '#features/chat/page.ts';\nimport '#features/search/lite.ts';\nimport '#features/auth/forms.ts';\nimport '#features/account/panels.ts';\nimport './api.ts';\nimport '#ui/button.tsx';\nimport '#lib/http.ts';\nimport '#protocol/social.ts';",
  ],
  [
    'feature component',
    'src/features/social/components/good.tsx',
    "import '../api.ts';\nimport './member-card.tsx';\nimport '#features/chat/index.ts';\nexport const m = () => import('#features/chat/page.ts');",
  ],
  [
    'route',
    'src/routes/_auth/good.tsx',
    "import '#app/layout/app-layout.tsx';\nimport '#features/chat/page.ts';\nimport '#features/social/lite.ts';\nimport '#ui/page.tsx';\nimport '#lib/i18n.ts';",
  ],
  [
    'app',
    'src/app/layout/good.tsx',
    "import '#features/account/panels.ts';\nimport '../store.ts';\nimport '#ui/menu.tsx';\nimport '../../routeTree.gen.ts';",
  ],
  ['main', 'src/good-main.tsx', "import '#app/router.tsx';\nimport '#lib/i18n.ts';"],
  [
    'repository',
    'server/modules/chat/good.repository.ts',
    "import { sql } from 'kysely';\nimport '../../db/database.ts';\nimport '../social/social.repository.ts';\nexport const q = sql;",
  ],
  [
    'service',
    'server/modules/chat/good.service.ts',
    "import './chat.repository.ts';\nimport './chat.rules.ts';\nimport '../users/users.rules.ts';\nimport '../../domain/errors.ts';",
  ],
  ['routes', 'server/modules/chat/good.routes.ts', "import './chat.service.ts';\nimport '../../plugins/auth.ts';"],
  ['rules', 'server/modules/chat/good.rules.ts', "import '#protocol/chat.ts';\nimport '../users/users.rules.ts';"],
  ['db', 'server/db/good.ts', "import { Kysely } from 'kysely';\nexport const k = Kysely;"],
  [
    'realtime',
    'server/realtime/good.ts',
    "import { WebSocket } from 'ws';\nimport '../modules/chat/chat.service.ts';\nimport '../plugins/auth.ts';\nexport const w = WebSocket;",
  ],
  ['server test kit', 'server/modules/chat/good.test-kit.ts', "import { sql } from 'kysely';\nexport const q = sql;"],
  ['server test', 'server/modules/chat/good.test.ts', "import { sql } from 'kysely';\nexport const q = sql;"],
  ['realtime test', 'server/realtime/good.test.ts', "import 'ws';"],
  ['scripts', 'scripts/good.ts', "import '../server/config.ts';\nimport 'kysely';"],
  ['lib owners', 'src/lib/socket.ts', "export const s = () => new WebSocket('ws://x');"],
];

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

/** Writes the fixtures and a copy of the real biome.json into a fresh tree, lints it, and returns what each path got. */
function lintTree(files: Fixture[]): Map<string, string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'amity-lint-zones-'));
  try {
    const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
    delete config.$schema;
    config.vcs = { enabled: false };
    writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
    for (const [, path, source] of files) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), `${source}\n`);
    }
    const biome = join(root, 'node_modules', '.bin', 'biome');
    const args = ['lint', '--reporter=json', '--max-diagnostics=none', '.'];
    const out = spawnSync(biome, args, { cwd: dir, encoding: 'utf8' }).stdout;
    const reported = new Map<string, string[]>();
    for (const d of (JSON.parse(out) as { diagnostics: Diagnostic[] }).diagnostics) {
      if (!d.category.startsWith('lint/style/noRestricted')) continue;
      reported.set(d.location.path, [...(reported.get(d.location.path) ?? []), d.message]);
    }
    return reported;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A tree holds one fixture per path, so fixtures sharing a path (http.ts, storage.ts) go to trees of their own. */
function trees(fixtures: Fixture[]): Fixture[][] {
  const out: Fixture[][] = [];
  for (const fixture of fixtures) {
    const tree = out.find((t) => !t.some(([, path]) => path === fixture[1]));
    if (tree) tree.push(fixture);
    else out.push([fixture]);
  }
  return out;
}

const results = new Map<string, string[]>();
const key = (path: string, source: string) => `${path}\n${source}`;

beforeAll(() => {
  for (const tree of trees([...good, ...bad])) {
    const reported = lintTree(tree);
    for (const [, path, source] of tree) results.set(key(path, source), reported.get(path) ?? []);
  }
}, 120_000);

describe('lint zones reject every forbidden import', () => {
  it.each(bad)('%s (%s)', (_name, path, source) => {
    expect(results.get(key(path, source)), `${path}: ${source}`).not.toEqual([]);
  });
});

describe('lint zones allow what each zone may import', () => {
  it.each(good)('%s (%s)', (_name, path, source) => {
    expect(results.get(key(path, source)), 'linted, nothing reported').toEqual([]);
  });
});
