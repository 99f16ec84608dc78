/**
 * Apertium APY for real (Debian apertium-apy and apertium-eng-spa, which .ci/run installs): these tests fail, never
 * skip, when it is missing. APY started by the server listens on 127.0.0.1 only and stops with the app; an English
 * message reaches its Spanish reader through `trans`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant, insertMessage, ledgerProblems } from '../../modules/translate/translate.test-kit.ts';
import { listen, member, type TestSocket } from '../../realtime/socket-test-client.ts';
import { makeApp, type TestApp } from '../../test-helper.ts';
import { APY_MODES_DIR, APY_PYTHON, type ApyProcess, apyInstalled, startApy } from './apertium.ts';

const MISSING = 'Apertium APY is missing: apt-get install apertium-apy apertium-eng-spa (.ci/run installs them)';

/** Local addresses (hex, as /proc/net/tcp writes them) of the listening sockets on `port`. */
function listeners(port: number): string[] {
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 4 || cols[3] !== '0A') continue; // 0A: LISTEN
      const [address, hexPort] = cols[1]!.split(':');
      if (Number.parseInt(hexPort!, 16) === port) found.push(address!);
    }
  }
  return found;
}

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Alive and not a zombie waiting to be reaped. */
function isRunning(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** Pids of APY wrappers that this process started. */
function apyChildren(): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        const cmd = readFileSync(join('/proc', p, 'cmdline'), 'utf8');
        const ppid = /^PPid:\s+(\d+)/m.exec(readFileSync(join('/proc', p, 'status'), 'utf8'))?.[1];
        return cmd.includes('apy-loopback.py') && Number(ppid) === process.pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('Apertium APY child process', () => {
  let apy: ApyProcess;
  beforeAll(() => {
    apy = startApy({ timeoutSec: 10 });
  });
  afterAll(async () => {
    await apy?.stop();
  });

  it('is installed with the English-Spanish pair', () => {
    expect(apyInstalled(), MISSING).toBe(true);
    expect(existsSync(join(APY_MODES_DIR, 'eng-spa.mode')), MISSING).toBe(true);
  });

  it('listens on 127.0.0.1 only, not on any other address of the machine', async () => {
    const url = await apy.url;
    const port = Number(new URL(url).port);
    expect(new URL(url).hostname).toBe('127.0.0.1');
    // One IPv4 listener bound to 127.0.0.1 (0100007F), none on 0.0.0.0 or on IPv6.
    expect(listeners(port)).toEqual(['0100007F']);
    expect(await canConnect('127.0.0.1', port)).toBe(true);
    // A wildcard listener would accept any local address, 127.0.0.2 included; this one refuses it. The host's own
    // non-loopback addresses are not dialled (this workplace allows test traffic to loopback only): the listener
    // table shows none is bound, and the next test dials one inside a network namespace of its own.
    expect(await canConnect('127.0.0.2', port)).toBe(false);
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal)
      .map((a) => a!.address);
    for (const address of others) {
      const hex = address.includes(':')
        ? undefined
        : address
            .split('.')
            .reverse()
            .map((n) => Number(n).toString(16).padStart(2, '0').toUpperCase())
            .join('');
      if (hex) expect(listeners(port)).not.toContain(hex);
    }
  });

  it('is not reachable on a non-loopback address of its machine (in a network namespace the test makes)', async () => {
    // 192.0.2.10 (TEST-NET-1) exists only inside the namespace this test makes, as an address of that machine.
    const inNamespace = startApy({
      timeoutSec: 10,
      launcher: [
        'unshare',
        '-n',
        'sh',
        '-c',
        'ip link set lo up && ip addr add 192.0.2.10/32 dev lo && exec "$0" "$@"',
      ],
    });
    try {
      const port = Number(new URL(await inNamespace.url).port);
      const probe = `import socket
for host in ('192.0.2.10', '127.0.0.1'):
    s = socket.socket()
    s.settimeout(2)
    try:
        s.connect((host, ${port}))
        print(host, 'open')
    except OSError as e:
        print(host, 'refused')
    s.close()`;
      const out = execFileSync('nsenter', [`--net=/proc/${inNamespace.pid}/ns/net`, APY_PYTHON, '-c', probe], {
        encoding: 'utf8',
      });
      expect(out.trim().split('\n')).toEqual(['192.0.2.10 refused', '127.0.0.1 open']);
    } finally {
      await inNamespace.stop();
    }
  });

  it.each([
    ['exits', 'process.exit(0)'],
    ['is killed with SIGKILL', "process.kill(process.pid, 'SIGKILL')"],
  ])('does not outlive a server process that %s', async (_, end) => {
    // A node process that starts APY, prints its pid, then ends as the case says.
    const module = JSON.stringify(new URL('./apertium.ts', import.meta.url).href);
    const script = `const { startApy } = await import(${module});
      const apy = startApy({ timeoutSec: 10 }); await apy.url; console.log('APY', apy.pid); ${end};`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    const pid = Number(/APY (\d+)/.exec(run.stdout)?.[1]);
    expect(pid, run.stderr).toBeGreaterThan(0);
    // Orphaned, it notices its closed stdin and leaves; init reaps it.
    const deadline = Date.now() + 10_000;
    while (isRunning(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(isRunning(pid)).toBe(false);
  });

  it('stops when asked, and its pid is gone', async () => {
    const other = startApy({ timeoutSec: 10 });
    await other.url;
    expect(other.pid).toBeGreaterThan(0);
    await other.stop();
    expect(existsSync(`/proc/${other.pid}`)).toBe(false);
  });
});

describe('trans through Apertium APY', () => {
  let t: TestApp;
  let sockets: TestSocket[] = [];
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    t = await makeApp({ TRANSLATE_ENGINE: 'apertium' });
    server = await listen(t.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    sockets = [];
    await t?.close();
  });

  /** Two members and an English message to the reader, whose socket is open. */
  async function englishMessage(msg: string) {
    const writer = await member(t.app);
    const reader = await member(t.app);
    const msgId = await insertMessage(t.app.amity.db, { senderId: writer.id, toId: reader.id, msg, lang: 'en-us' });
    const s = await server.open(reader.token);
    sockets.push(s);
    return { reader, msgId, s };
  }

  it('translates a real English message into Spanish, charged, then cached', async () => {
    expect(apyInstalled(), MISSING).toBe(true);
    expect(t.app.amity.translator.name).toBe('apertium');
    const { reader, msgId, s } = await englishMessage('Hello my friend, the cat sleeps.');
    s.send({ action: 'trans', data: { msgId, lang: 'es-es' } });
    const answer = await s.next((f) => f.action === 'trans', 20_000);
    expect(answer.code, JSON.stringify(answer)).toBe(200);
    expect(answer.data.text).toMatch(/amigo/i);
    expect(answer.data.text).toMatch(/gato/i);
    expect(answer.data).toMatchObject({ msgId, lang: 'es-es', charged: 32, dayCharacterCount: 1500 - 32 });
    s.send({ action: 'trans', data: { msgId, lang: 'es-es' } });
    expect((await s.next((f) => f.action === 'trans', 5000)).data).toMatchObject({
      text: answer.data.text,
      charged: 0,
    });
    expect(await ledgerProblems(t.app.amity.db, [reader.id])).toEqual([]);
  });

  it('answers 400 naming a pair APY lacks, and charges nothing', async () => {
    const { reader, msgId, s } = await englishMessage('Good morning');
    await grant(t.app.amity.db, reader.id, { register_character: 20 }, new Date());
    s.send({ action: 'trans', data: { msgId, lang: 'ja-jp' } });
    expect(await s.next((f) => f.action === 'trans', 10_000)).toMatchObject({
      code: 400,
      message: 'Translation from en-us to ja-jp is not available',
    });
    const row = await t.app.amity.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', reader.id)
      .executeTakeFirstOrThrow();
    expect(row.register_character_count).toBe(20);
    expect(row.day_characters_date).toBeNull();
  });

  it('stops APY when the app closes', async () => {
    const pids = apyChildren();
    expect(pids).toHaveLength(1);
    for (const s of sockets) s.close();
    sockets = [];
    await t.close();
    t = undefined as unknown as TestApp;
    expect(apyChildren()).toEqual([]);
  });
});
