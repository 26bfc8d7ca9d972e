// `minio server DIR [--address HOST:PORT] [--console-address …]` answered by s3rver: the S3 api on
// :9000, objects under DIR, and MINIO_ROOT_USER / MINIO_ROOT_PASSWORD as the one accepted key pair
// (s3rver's built-in S3RVER/S3RVER pair is revoked). There is no console; its address is ignored.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const S3rver = require('s3rver');
const AWSAccount = require('s3rver/lib/models/account.js');

const [command, ...rest] = process.argv.slice(2);
let directory;
let address = ':9000';
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === '--address') address = rest[++i] ?? address;
  else if (rest[i] === '--console-address') i++;
  else if (!rest[i].startsWith('-')) directory ??= rest[i];
}
const user = process.env.MINIO_ROOT_USER;
const password = process.env.MINIO_ROOT_PASSWORD;
if (command !== 'server' || !directory) {
  console.error('usage: minio server DIR [--address HOST:PORT]');
  process.exit(2);
}
if (!user || !password) {
  console.error('MINIO_ROOT_USER and MINIO_ROOT_PASSWORD must be set');
  process.exit(1);
}
AWSAccount.DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
AWSAccount.DUMMY_ACCOUNT.createKeyPair(user, password);

const colon = address.lastIndexOf(':');
const server = new S3rver({
  address: address.slice(0, colon) || '0.0.0.0',
  port: Number(address.slice(colon + 1)),
  directory,
  silent: true,
  // Path-style only, as MinIO without MINIO_DOMAIN: http://minio:9000/bucket, never a bucket host name.
  vhostBuckets: false,
});
const { address: host, port } = await server.run();
console.log(`S3 api (s3rver stand-in for MinIO) on http://${host}:${port}, objects in ${directory}`);
for (const signal of ['SIGTERM', 'SIGINT'])
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
