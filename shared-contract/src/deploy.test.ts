import { describe, expect, it } from 'vitest';
import { shopPorts } from './deploy.ts';
import { parseRuntimeConfig } from './runtime-config.ts';
import { shellConfig } from './shell-config.ts';

const ports = { shell: 4000, storefront: 4001, admin: 4002, api: 3000 };

describe('shellConfig', () => {
  it('points the shell at the local api and the remotes’ manifests by default', () => {
    expect(shellConfig(ports, {})).toEqual({
      apiBaseUrl: 'http://localhost:3000/api/v1',
      auth: { provider: 'local' },
      payments: { provider: 'local' },
      remotes: {
        storefront: 'http://localhost:4001/mf-manifest.json',
        admin: 'http://localhost:4002/mf-manifest.json',
      },
    });
  });

  it('switches to Clerk and Stripe when their publishable keys are configured', () => {
    const config = shellConfig(ports, {
      CLERK_PUBLISHABLE_KEY: 'pk_clerk',
      STRIPE_PUBLISHABLE_KEY: 'pk_stripe',
    });
    expect(config.auth).toEqual({ provider: 'clerk', publishableKey: 'pk_clerk' });
    expect(config.payments).toEqual({ provider: 'stripe', publishableKey: 'pk_stripe' });
  });

  it("names Razorpay's key id (never its secret) when RAZORPAY_KEY_ID is set, beside the card provider", () => {
    const env = { RAZORPAY_KEY_ID: 'rzp_test_key', RAZORPAY_KEY_SECRET: 'secret' };
    expect(shellConfig(ports, env).payments).toEqual({ provider: 'local', razorpayKeyId: 'rzp_test_key' });
    expect(shellConfig(ports, { ...env, STRIPE_PUBLISHABLE_KEY: 'pk_stripe' }).payments).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_stripe',
      razorpayKeyId: 'rzp_test_key',
    });
    expect(JSON.stringify(shellConfig(ports, env))).not.toContain('secret');
  });

  it('lets a deploy point a remote at a new release without rebuilding the shell', () => {
    const config = shellConfig(ports, {
      STOREFRONT_MANIFEST_URL: 'https://cdn.example/storefront/v42/mf-manifest.json',
    });
    expect(config.remotes.storefront).toBe('https://cdn.example/storefront/v42/mf-manifest.json');
  });

  it('refuses to write a config.json the shell would refuse', () => {
    expect(() => shellConfig(ports, { PUBLIC_API_URL: 'not a url' })).toThrow();
  });
});

describe('parseRuntimeConfig', () => {
  const valid = shellConfig(ports, {});

  it('accepts what shellConfig writes', () => {
    expect(parseRuntimeConfig(JSON.parse(JSON.stringify(valid)))).toEqual(valid);
  });

  it('names the broken field', () => {
    expect(() => parseRuntimeConfig({ ...valid, remotes: { storefront: 'not a url' } })).toThrow(
      /config\.json is invalid[\s\S]*remotes/,
    );
  });

  it('refuses a Clerk provider without its key', () => {
    expect(() => parseRuntimeConfig({ ...valid, auth: { provider: 'clerk' } })).toThrow(/publishableKey/);
  });
});

describe('shopPorts', () => {
  it('reads each port from the environment', () => {
    expect(shopPorts({ SHELL_PORT: '5000', API_PORT: '5003' })).toEqual({
      shell: 5000,
      storefront: 4001,
      admin: 4002,
      api: 5003,
    });
  });

  it('refuses a value that is not a port', () => {
    expect(() => shopPorts({ ADMIN_PORT: 'eighty' })).toThrow('ADMIN_PORT must be a port number');
    expect(() => shopPorts({ SHELL_PORT: '70000' })).toThrow('SHELL_PORT must be a port number');
  });
});
