// The part of MinIO's client compose.yaml uses: `mc ready ALIAS`, `mc alias set NAME URL KEY SECRET`,
// `mc mb [--ignore-existing] [--with-versioning] ALIAS/BUCKET`. Aliases live in ~/.mc/config.json; `local`
// is http://127.0.0.1:9000 with MINIO_ROOT_USER / MINIO_ROOT_PASSWORD, as in the MinIO image.
// Requests are signed with AWS Signature Version 4.
import { createHash, createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

const configFile = path.join(homedir(), '.mc', 'config.json');
const readAliases = () => {
  try {
    return JSON.parse(readFileSync(configFile, 'utf8')).aliases ?? {};
  } catch {
    return {};
  }
};
const aliases = {
  local: {
    url: 'http://127.0.0.1:9000',
    accessKey: process.env.MINIO_ROOT_USER ?? '',
    secretKey: process.env.MINIO_ROOT_PASSWORD ?? '',
  },
  ...readAliases(),
};

const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const hmac = (key, data) => createHmac('sha256', key).update(data).digest();

/** One signed S3 request (path style, region us-east-1). */
async function s3(alias, method, resource, query = '', body = '') {
  const { url, accessKey, secretKey } = alias;
  const target = new URL(resource + (query ? `?${query}` : ''), url);
  const date = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
  const day = date.slice(0, 8);
  const payloadHash = sha256(body);
  const headers = { host: target.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': date };
  const signedHeaders = Object.keys(headers).join(';');
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((pair) => (pair.includes('=') ? pair : `${pair}=`))
    .sort()
    .join('&');
  const canonical = [
    method,
    target.pathname,
    canonicalQuery,
    ...Object.entries(headers).map(([name, value]) => `${name}:${value}`),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/us-east-1/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256(canonical)].join('\n');
  let key = hmac(`AWS4${secretKey}`, day);
  for (const part of ['us-east-1', 's3', 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const authorization = `AWS4-HMAC-SHA256 Credential=${accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  const response = await fetch(target, {
    method,
    headers: { ...headers, authorization },
    body: body || undefined,
  });
  return { status: response.status, text: await response.text() };
}

const fail = (message, code = 1) => {
  console.error(`mc: ${message}`);
  process.exit(code);
};
const [command, ...args] = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith('-')));
const words = args.filter((arg) => !arg.startsWith('-'));

if (command === 'ready') {
  const alias = aliases[words[0]] ?? fail(`no alias ${words[0]}`);
  try {
    await fetch(alias.url);
    console.log(`The cluster is ready`);
  } catch {
    fail('the server does not answer');
  }
} else if (command === 'alias' && words[0] === 'set' && words.length === 5) {
  const [, name, url, accessKey, secretKey] = words;
  const saved = readAliases();
  saved[name] = { url, accessKey, secretKey, api: 's3v4', path: 'auto' };
  mkdirSync(path.dirname(configFile), { recursive: true });
  writeFileSync(configFile, JSON.stringify({ version: '10', aliases: saved }, null, 2), { mode: 0o600 });
  console.log(`Added \`${name}\` successfully.`);
} else if (command === 'mb' && words.length === 1) {
  const [name, bucket] = words[0].split('/');
  const alias = aliases[name] ?? fail(`no alias ${name}`);
  if (!bucket) fail('usage: mc mb ALIAS/BUCKET', 2);
  const made = await s3(alias, 'PUT', `/${bucket}`);
  const exists = made.status === 409;
  if (made.status !== 200 && !(exists && (flags.has('--ignore-existing') || flags.has('-p'))))
    fail(`cannot make ${words[0]}: ${made.status} ${made.text}`);
  console.log(
    exists ? `Bucket \`${words[0]}\` already exists.` : `Bucket created successfully \`${words[0]}\`.`,
  );
  if (flags.has('--with-versioning')) {
    const body =
      '<VersioningConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Status>Enabled</Status></VersioningConfiguration>';
    const versioned = await s3(alias, 'PUT', `/${bucket}`, 'versioning', body);
    // s3rver implements no versioning: it answers 501, or takes the call for a bucket creation (409).
    if (versioned.status !== 200)
      console.warn(
        `mc: warning: versioning not turned on for ${words[0]} (${versioned.status}): the s3rver stand-in has none`,
      );
  }
} else {
  fail(
    'this stand-in knows only: ready ALIAS | alias set NAME URL KEY SECRET | mb [--ignore-existing] ALIAS/BUCKET',
    2,
  );
}
