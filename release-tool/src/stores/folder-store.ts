import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { KeyExists, type ReleaseStore } from './store.ts';

/** Releases in a folder: each key a file. A write lands whole (a temporary file renamed into place). */
export function createFolderStore(root: string): ReleaseStore {
  const file = (key: string) => {
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(`${path.resolve(root)}${path.sep}`))
      throw new Error(`${key} is outside the store`);
    return resolved;
  };
  return {
    where: root,
    async read(key) {
      try {
        return readFileSync(file(key));
      } catch {
        return null;
      }
    },
    async write(key, bytes, { once = false } = {}) {
      const target = file(key);
      if (once && existsSync(target)) throw new KeyExists(key);
      mkdirSync(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
      writeFileSync(temporary, bytes);
      renameSync(temporary, target);
    },
    async exists(key) {
      return existsSync(file(key));
    },
    close() {},
  };
}
