// What other parts of the shop use of the release tool (`pnpm start` serves a folder store and releases
// its builds there); the commands themselves are cli.ts.
export { releaseCheckPort } from './check-port.ts';
export { releaseLocalBuild } from './local-shop.ts';
export { openReleaseStore, publicFolder, type ReleaseStore } from './release-store.ts';
export { releaseFiles } from './serve-releases.ts';
export { createFolderStore } from './stores/folder-store.ts';
