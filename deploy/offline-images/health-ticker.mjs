// What systemd's timers do for podman: run each running container's health check (`podman healthcheck
// run`) every `interval` after it started, as Docker does, for the containers of one compose project.
// Without it a machine with no systemd never sees a container healthy. compose.sh starts and stops it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const project = process.argv[2] ?? 'shop';
const podman = async (...args) => (await run('podman', args)).stdout;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The last interval each container (by id and start) was checked in. */
const checked = new Map();

for (;;) {
  try {
    const ids = (
      await podman(
        'ps',
        '-q',
        '--filter',
        `label=com.docker.compose.project=${project}`,
        '--filter',
        'status=running',
      )
    )
      .split('\n')
      .filter(Boolean);
    const containers = ids.length ? JSON.parse(await podman('inspect', ...ids)) : [];
    for (const container of containers) {
      const check = container.Config.Healthcheck;
      if (!check || !check.Test || !check.Test.length || check.Test[0] === 'NONE') continue;
      const intervalMs = (check.Interval || 30e9) / 1e6;
      const key = `${container.Id} ${container.State.StartedAt}`;
      const due = Math.floor((Date.now() - Date.parse(container.State.StartedAt)) / intervalMs);
      if (due < 1 || due <= (checked.get(key) ?? 0)) continue;
      checked.set(key, due);
      // Its answer is recorded by podman (State.Health); a failing check is not this loop's business.
      podman('healthcheck', 'run', container.Id).catch(() => {});
    }
  } catch (error) {
    console.error(new Date().toISOString(), String(error));
  }
  await sleep(250);
}
