import { nextTask } from './next-task.ts';

// The design system's last import (index.ts): its own evaluation (emotion, Chakra, Ark, its components)
// ends its task here, and what the shell's entry imports after it (react-dom's client, the router, the
// session and cart stores) is evaluated in the next one (yield-first.ts).
await nextTask();
