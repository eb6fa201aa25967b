#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Random worlds, fast path on and off: the reports must be identical, byte for byte.

    tests/bench/fastpath_fuzz.py RBLAB [SEED] [RUNS]

Each run takes a bundled or test world and changes what makes lanes stop: the consume pool
(consumeThreadMin), the consume-time distribution and mean, the flow-control thresholds, the
batch sizes, the strategy and the produce rate; then it runs `rblab simulate` for 150 virtual
seconds with RBLAB_FASTPATH=0 and =1 and compares the reports. A world that differs is kept
under /tmp/rblab-fastpath-fuzz/ with the seed to run it again (tests/engine/model/tst_fastpath
holds the ones found so far), and so is one the fast path alone fails to run (a crash). Exit
status 1 when any differs or fails.
"""
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORLDS = ['tests/data/scenarios/reference-1h.json', 'resources/scenarios/default.json',
          'resources/scenarios/three-strategies-same-churn.json',
          'resources/scenarios/kill-freeze-shutdown.json', 'resources/scenarios/topic-scale-out.json',
          'resources/scenarios/consistent-hash-vs-avg.json']


def main():
    rblab = sys.argv[1]
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    keep = '/tmp/rblab-fastpath-fuzz'
    os.makedirs(keep, exist_ok=True)
    work = tempfile.mkdtemp()
    differ = 0
    for k in range(runs):
        name = rng.choice(WORLDS)
        world = json.load(open(os.path.join(ROOT, name)))
        client = {}
        if rng.random() < 0.8:
            client['consumeThreadMin'] = rng.choice([1, 2, 3, 4, 6, 8, 12, 20])
        if rng.random() < 0.4:
            client['pullThresholdForQueue'] = rng.choice([1, 5, 20, 100, 1000])
        if rng.random() < 0.3:
            client['pullBatchSize'] = rng.choice([1, 4, 32])
        if rng.random() < 0.3:
            client['consumeMessageBatchMaxSize'] = rng.choice([1, 2, 5])
        if rng.random() < 0.2:
            client['consumeConcurrentlyMaxSpan'] = rng.choice([1, 10, 2000])
        mean = rng.choice(['0.5ms', '1ms', '2ms', '3ms', '5ms', '8ms', '10ms'])
        exponential = rng.random() < 0.7
        for group in world['groups']:
            group.setdefault('client', {}).update(client)
            if rng.random() < 0.5:
                group['strategy'] = rng.choice(['AVG', 'AVG_BY_CIRCLE', 'CONSISTENT_HASH'])
            for consumer in group.get('consumers', []):
                consumer['consumeTime'] = (
                    {'distribution': 'exponential', 'mean': mean} if exponential else mean)
        for topic in world['topics']:
            if rng.random() < 0.5:
                topic['produceRate'] = rng.choice([500, 2000, 8000, 20000])
        path = os.path.join(work, 'world.json')
        json.dump(world, open(path, 'w'))
        seed = rng.randint(1, 1000)
        reports = []
        for fast in ('0', '1'):
            out = os.path.join(work, 'report%s.json' % fast)
            done = subprocess.run([rblab, 'simulate', path, '--quiet', '--seed', str(seed),
                                   '--until', '150s', '--report', out],
                                  env=dict(os.environ, RBLAB_FASTPATH=fast),
                                  capture_output=True, text=True)
            if done.returncode != 0:
                # A world both ways reject is not a fast-path matter; one only the fast path
                # fails on (a crash, an assertion) is.
                failed = fast == '1'
                if failed:
                    differ += 1
                    kept = os.path.join(keep, 'world-%d-seed-%d.json' % (k, seed))
                    json.dump(world, open(kept, 'w'), indent=1)
                print('run %d: %s %s: %s%s' % (k, name, 'FAILS with the fast path' if failed
                                                else 'rejected', done.stderr.strip()[:200],
                                                ' (kept as %s)' % kept if failed else ''),
                      flush=True)
                break
            reports.append(open(out, 'rb').read())
        if len(reports) == 2 and reports[0] != reports[1]:
            differ += 1
            kept = os.path.join(keep, 'world-%d-seed-%d.json' % (k, seed))
            json.dump(world, open(kept, 'w'), indent=1)
            print('DIFFERS: %s --seed %d (from %s, client %s, %s %s)'
                  % (kept, seed, name, client, 'exponential' if exponential else 'fixed', mean),
                  flush=True)
    print('fastpath_fuzz: %d runs, %d differ or fail' % (runs, differ))
    return 1 if differ else 0


if __name__ == '__main__':
    sys.exit(main())
