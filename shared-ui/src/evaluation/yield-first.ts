import { nextTask } from './next-task.ts';

// The design system's first import (index.ts). The browser evaluates the shell's shared code (one chunk:
// the api client, React, the query cache, then emotion, Chakra, Ark and this package's components) in one
// task unless a module in it awaits: what was evaluated before this point ends its task here, and the
// styling engine's evaluation starts in the next one (docs/performance.md, "The shared code in three
// tasks"). Everything that imports the design system still waits for it whole, so nothing runs half-made.
await nextTask();
