import { browserProject } from '../vitest.project.ts';

export default browserProject({ setupFiles: ['./src/testing/setup.ts'] });
