import { nodeProject } from '../vitest.project.ts';

export default nodeProject({ name: 'release-tool', include: ['src/**/*.test.ts'] });
