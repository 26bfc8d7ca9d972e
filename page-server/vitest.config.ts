import { nodeProject } from '../vitest.project.ts';

export default nodeProject({ name: 'page-server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] });
