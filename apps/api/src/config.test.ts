import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has defaults that run the embedded portal on port 8080', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SESSION_TTL).toBe(8 * 3600);
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('reads a relative data folder from where npm was started', () => {
    expect(loadConfig({ DATA_DIR: './data', INIT_CWD: '/srv/portal' }).dataDir).toBe(
      '/srv/portal/data',
    );
    expect(loadConfig({ DATA_DIR: '/var/lib/portal', INIT_CWD: '/srv/portal' }).dataDir).toBe(
      '/var/lib/portal',
    );
  });

  it('names the variable whose value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DEMO_SEED: 'maybe' })).toThrow(/DEMO_SEED/);
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(/SECRET_KEY/);
  });
});
