// A load balancer's probe, in a process of its own: `node api/bench/health-probe.ts <url> <seconds>` asks
// `url` every 20 ms for `seconds` and prints each answer's time in ms as one JSON array. Probing from the
// bench's own process timed the bench too: autocannon's 50 connections keep that event loop busy, and a
// probe's answer waited there behind them before its time was taken.
import { argv, stdout } from 'node:process';

export async function probeHealth(url: string, seconds: number) {
  // Untimed: Node loads its fetch (undici) on the first call, 40-80 ms that were the whole "p99" before.
  await (await fetch(url)).text();
  const times: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const started = performance.now();
    await (await fetch(url)).text();
    times.push(performance.now() - started);
    // Every 20 ms: ~400 answers in 10 s, so the 99th percentile is not simply the slowest one.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times;
}

if (import.meta.main) {
  const [url, seconds] = argv.slice(2);
  if (!url || !Number(seconds)) throw new Error('usage: node api/bench/health-probe.ts <url> <seconds>');
  stdout.write(JSON.stringify(await probeHealth(url, Number(seconds))));
}
