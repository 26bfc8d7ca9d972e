import { nodeProject } from '../vitest.project.ts';

export default nodeProject({ name: 'scripts', include: ['**/*.test.ts'] });
