import { nodeProject } from '../vitest.project.ts';

export default nodeProject();
