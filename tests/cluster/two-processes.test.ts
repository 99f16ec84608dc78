/**
 * Issue 14 in CI: two server processes on a throwaway PostgreSQL and Redis behind nginx (scripts/lib/cluster.ts).
 * Pairs of clients chat through nginx while one instance is killed with SIGKILL and Redis is restarted; nothing
 * acked is lost, nothing is stored or shown twice, and each conversation keeps its order (the same check as
 * `npm run proof:faults`, smaller).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Cluster, startCluster } from '../../scripts/lib/cluster.ts';
import { PROOF_ENV, runFaults } from '../proof/faults.ts';

let cluster: Cluster;
before(async () => {
  cluster = await startCluster({ instances: 2, nginx: true, env: PROOF_ENV });
});
after(async () => {
  await cluster?.stop();
});

test('health through nginx answers while both instances run', async () => {
  const res = await fetch(`${cluster.url}/h5-api/health`);
  assert.equal(res.status, 200);
  for (const instance of cluster.instances) assert.equal((await fetch(`${instance.url}/h5-api/health`)).status, 200);
});

test('chat survives a SIGKILLed instance and a Redis restart: 0 lost, 0 duplicated, order kept', async () => {
  const figures = await runFaults(cluster, {
    clients: 20,
    messages: 30,
    timeoutMs: 90_000,
    // 30 messages 250 ms apart: the traffic outlasts both faults.
    paceMs: 250,
    faults: ['kill-first', 'restart-redis'],
  });
  assert.equal(figures.lateFaults, 0, `a fault struck after the traffic: ${figures.faults.join('; ')}`);
  assert.equal(figures.unfinished, 0, `unfinished clients: ${JSON.stringify(figures)}`);
  assert.deepEqual(
    { lost: figures.lost, duplicated: figures.duplicated, outOfOrder: figures.outOfOrder },
    { lost: 0, duplicated: 0, outOfOrder: 0 },
  );
  assert.equal(figures.stored, 20 * 30);
  assert.ok(figures.reconnects >= 10, `the faults cut the sockets: ${figures.reconnects} reconnects`);
});
