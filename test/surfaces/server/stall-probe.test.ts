import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { STALL_TRIES, startProbe, underProbe } from '../../support/probe.js';

// The timed tests' measure of a stall (test/support/probe.ts): the CPU time the service's thread ran
// while /healthz waited. It must see a blocked loop, and not take a wait without work for one.

const BLOCK_MS = 150;

describe("the stall probe counts the service thread's work while /healthz waits", () => {
  const server = createServer((request, response) => {
    if (request.url === '/block') {
      // Work, not a wall-clock time: BLOCK_MS of the process's CPU, however busy the machine is.
      const started = process.cpuUsage();
      while (process.cpuUsage(started).user + process.cpuUsage(started).system < BLOCK_MS * 1000);
      response.end('blocked');
    } else if (request.url === '/wait') {
      setTimeout(() => response.end('waited'), BLOCK_MS);
    } else response.end('ok');
  });
  let base = '';
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  /** The probe's result over the requests `paths`, asked one after another. */
  const probed = async (paths: string[]) => {
    const probe = startProbe(base);
    await probe.ready;
    for (const path of paths) {
      await (await fetch(`${base}${path}`)).text();
      // The probe's next /healthz is asked while the loop runs the next request.
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    return probe.stop();
  };

  it(`a loop held ${BLOCK_MS} ms by synchronous work is a hold of about that long`, async () => {
    const { held } = await probed(['/block', '/block', '/block']);
    assert.ok(held >= BLOCK_MS / 2, `held ${held} ms`);
  });

  it('a stall of every try fails all of them; one of the first try alone is measured again', async () => {
    const blocked = async () => {
      for (let request = 0; request < 3; request += 1) {
        await (await fetch(`${base}/block`)).text();
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    };
    const always = await underProbe(base, 50, blocked);
    assert.equal(always.tries.length, STALL_TRIES);
    assert.ok(always.result.held >= BLOCK_MS / 2, `held ${always.result.held} ms`);
    const once = await underProbe(base, 50, async (attempt) => {
      if (attempt === 0) await blocked();
      else await (await fetch(`${base}/wait`)).text();
    });
    assert.equal(once.tries.length, 2, `tries ${once.tries.join(', ')}`);
    assert.ok(once.result.held < 50, `held ${once.result.held} ms`);
  });

  it('a request that waits on a timer holds nothing', async () => {
    const { held, probes } = await probed(['/wait', '/wait', '/wait']);
    assert.ok(probes > 10, `${probes} probes`);
    assert.ok(held < 50, `held ${held} ms`);
  });
});
