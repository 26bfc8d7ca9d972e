import { browserProject } from '../vitest.project.ts';

export default browserProject();
