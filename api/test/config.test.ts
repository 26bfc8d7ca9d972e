import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { configProblems, StartupRefusal } from '../src/config/config-problems.ts';
import { loadConfig } from '../src/config/load-config.ts';
import { openDatabase } from '../src/db/client.ts';

// What the api refuses to run with: production is fail-closed, the embedded demo keeps its defaults.
const strongSecret = 'x'.repeat(32);
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db.internal/shop',
  STRIPE_SECRET_KEY: 'sk_live_key',
  JWT_SECRET: strongSecret,
  PUBLIC_API_URL: 'https://api.shop.example',
  SHOP_URL: 'https://shop.example',
  GST_SELLER_GSTIN: '27AAACR5055K1Z5',
};
const problemsOf = (env: NodeJS.ProcessEnv) => configProblems(loadConfig(env));

describe('the embedded demo (pnpm start)', () => {
  it('keeps self-promotion, demo accounts and the test-mode card gateway, and starts', () => {
    expect(loadConfig({})).toMatchObject({
      production: false,
      allowSelfPromotion: true,
      seedDemo: true,
      paymentGateway: 'local',
      trustProxy: false,
    });
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ ALLOW_SELF_PROMOTION: 'true', AUTH_RATE_LIMIT: '1000' })).toEqual([]);
    expect(loadConfig({ ALLOW_SELF_PROMOTION: 'false' }).allowSelfPromotion).toBe(false);
  });

  it('a real database opts in to each demo feature, and names a card gateway', () => {
    const postgres = { DATABASE_URL: 'postgres://x/y', JWT_SECRET: strongSecret };
    expect(loadConfig(postgres)).toMatchObject({ allowSelfPromotion: false, seedDemo: false });
    expect(problemsOf(postgres)).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY is not set/)]);
    expect(problemsOf({ ...postgres, PAYMENT_GATEWAY: 'local' })).toEqual([]);
    expect(
      loadConfig({ ...postgres, ALLOW_SELF_PROMOTION: 'true', SEED_DEMO: '1', PAYMENT_GATEWAY: 'local' }),
    ).toMatchObject({ allowSelfPromotion: true, seedDemo: true, paymentGateway: 'local' });
  });
});

describe('several instances (DATABASE_URL)', () => {
  it('refuses to start without one shared JWT_SECRET, even outside production', () => {
    const shared = { DATABASE_URL: 'postgres://x/y', PAYMENT_GATEWAY: 'local' };
    expect(problemsOf(shared)).toEqual([
      expect.stringMatching(/^JWT_SECRET is not set: with DATABASE_URL every instance must sign/),
    ]);
    expect(problemsOf({ ...shared, JWT_SECRET: strongSecret })).toEqual([]);
    // Production says it once, in its own words.
    expect(problemsOf({ ...production, JWT_SECRET: '' })).toEqual([
      expect.stringMatching(/^JWT_SECRET is not set: production/),
    ]);
  });

  it('takes a read replica only beside the primary it replicates', () => {
    const replica = 'postgres://replica/y';
    expect(problemsOf({ DATABASE_READ_URL: replica })).toEqual([
      'DATABASE_READ_URL names a read replica of DATABASE_URL, which is not set',
    ]);
    const shared = { DATABASE_URL: 'postgres://x/y', PAYMENT_GATEWAY: 'local', JWT_SECRET: strongSecret };
    expect(problemsOf({ ...shared, DATABASE_READ_URL: replica })).toEqual([]);
    expect(loadConfig({ ...shared, DATABASE_READ_URL: replica }).databaseReadUrl).toBe(replica);
  });

  it('opens as many connections as DATABASE_POOL_SIZE says, at least one', () => {
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: '16' }).databasePoolSize).toBe(16);
    for (const size of ['0', '-2', '2.5', 'many'])
      expect(problemsOf({ DATABASE_POOL_SIZE: size })).toEqual([
        'DATABASE_POOL_SIZE is not a whole number of connections, at least 1',
      ]);
  });

  it('reads the shared stores from REDIS_URL and S3_*', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: undefined, s3: undefined });
    expect(
      loadConfig({
        REDIS_URL: 'redis://cache:6379',
        S3_BUCKET: 'shop-images',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toMatchObject({
      redisUrl: 'redis://cache:6379',
      s3: { bucket: 'shop-images', endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true },
    });
    expect(loadConfig({ S3_BUCKET: 'b', S3_REGION: 'eu-west-3' }).s3).toEqual({
      bucket: 'b',
      region: 'eu-west-3',
      endpoint: undefined,
      forcePathStyle: false,
    });
  });
});

describe('production (NODE_ENV=production)', () => {
  it('starts with Stripe, a strong shared JWT_SECRET and none of the demo features', () => {
    expect(problemsOf(production)).toEqual([]);
    expect(loadConfig(production)).toMatchObject({
      allowSelfPromotion: false,
      seedDemo: false,
      paymentGateway: 'stripe',
    });
    // The embedded database does not make production a demo, and is refused unless asked for by name.
    const { DATABASE_URL: _url, ...embedded } = production;
    expect(loadConfig(embedded)).toMatchObject({ allowSelfPromotion: false, seedDemo: false });
    expect(problemsOf(embedded)).toEqual([
      expect.stringMatching(/^DATABASE_URL is not set: production runs on PostgreSQL/),
    ]);
    expect(problemsOf({ ...embedded, ALLOW_EMBEDDED_DATABASE: 'true' })).toEqual([]);
  });

  it.each(['Production', 'prod', 'PRODUCTION', 'staging', 'production '])(
    'treats NODE_ENV=%j as production, and refuses to start until it is spelt right (issue 21, finding 3)',
    (spelling) => {
      // Even the bare demo defaults: no demo accounts, no self-promotion, no test cards.
      expect(loadConfig({ NODE_ENV: spelling })).toMatchObject({
        production: true,
        allowSelfPromotion: false,
        seedDemo: false,
      });
      const problems = problemsOf({ ...production, NODE_ENV: spelling });
      if (spelling.trim() === 'production') expect(problems).toEqual([]);
      else
        expect(problems).toEqual([expect.stringMatching(/^NODE_ENV=\S+ is not recognised: use production/)]);
    },
  );

  it.each(['development', 'test', ''])('runs NODE_ENV=%j as a developer machine', (value) => {
    expect(loadConfig({ NODE_ENV: value })).toMatchObject({ production: false, seedDemo: true });
    expect(problemsOf({ NODE_ENV: value })).toEqual([]);
  });

  it.each([
    [{ STRIPE_SECRET_KEY: '' }, /^STRIPE_SECRET_KEY is not set/],
    [{ STRIPE_SECRET_KEY: '', PAYMENT_GATEWAY: 'local' }, /^PAYMENT_GATEWAY=local in production/],
    [{ ALLOW_SELF_PROMOTION: 'true' }, /^ALLOW_SELF_PROMOTION is on in production/],
    [{ SEED_DEMO: '1' }, /^SEED_DEMO is on in production/],
    [{ JWT_SECRET: '' }, /^JWT_SECRET is not set/],
    [{ JWT_SECRET: 'x'.repeat(31) }, /^JWT_SECRET is shorter than 32 bytes/],
    [{ CLERK_SECRET_KEY: 'sk_clerk' }, /^CLERK_AUTHORIZED_PARTIES is not set/],
    [{ GST_SELLER_GSTIN: '' }, /^GST_SELLER_GSTIN is not set: the tax invoices would carry the demo/],
    [{ GST_SELLER_GSTIN: '27AAACR5055K1Z' }, /^GST_SELLER_GSTIN=27AAACR5055K1Z is not a GSTIN/],
    [{ GST_INVOICE_PREFIX: 'SHOP1' }, /^GST_INVOICE_PREFIX=SHOP1 must be 1 to 4 letters or digits/],
    [{ GST_HSN_CODES: 'Laptop=84' }, /^GST_HSN_CODES: Laptop=84 is not an HSN code/],
    [{ TRUST_PROXY: 'true' }, /^TRUST_PROXY=true is not a proxy address/],
    [{ TRUST_PROXY: '1' }, /^TRUST_PROXY=1 is not a proxy address/],
    [{ PUBLIC_API_URL: '' }, /^PUBLIC_API_URL is not an https address/],
    [{ PUBLIC_API_URL: 'http://api.shop.example' }, /^PUBLIC_API_URL is not an https address/],
    [{ SHOP_URL: '' }, /^SHOP_URL is not an https address/],
    [{ SHOP_URL: 'http://shop.example' }, /^SHOP_URL is not an https address/],
  ])('refuses %j with one line naming the variable', (change, line) => {
    const problems = problemsOf({ ...production, ...change });
    expect(problems).toEqual([expect.stringMatching(line)]);
  });

  it('takes proxies by address or CIDR range, and Clerk tokens for the origins named', () => {
    expect(loadConfig({ ...production, TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback' }).trustProxy).toEqual(
      ['10.0.0.0/8', '192.168.1.7', 'loopback'],
    );
    expect(problemsOf({ ...production, TRUST_PROXY: '10.0.0.0/8,::1' })).toEqual([]);
    const clerk = {
      ...production,
      CLERK_SECRET_KEY: 'sk',
      CLERK_AUTHORIZED_PARTIES: 'https://shop.example/',
    };
    expect(problemsOf(clerk)).toEqual([]);
    expect(loadConfig(clerk).clerkAuthorizedParties).toEqual(['https://shop.example']);
  });

  it('refuses a database whose demo admin still opens with its published password', async () => {
    const database = await openDatabase({ pgliteDir: 'memory' });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-config-test-'));
    try {
      const demo = await buildApp({
        database,
        logger: false,
        seed: true,
        config: { ...loadConfig({ JWT_SECRET: strongSecret }), dataDir },
      });
      await demo.close();
      const refused = await buildApp({
        database,
        logger: false,
        config: {
          ...loadConfig({ ...production, ALLOW_EMBEDDED_DATABASE: 'true' }),
          databaseUrl: undefined,
          dataDir,
        },
      }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StartupRefusal);
      expect((refused as StartupRefusal).problems).toEqual([
        expect.stringMatching(
          /demo accounts admin@example.com and shopper@example.com with the published password/,
        ),
      ]);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
