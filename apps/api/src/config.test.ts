import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, tileOrigin } from './config.ts';

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

  it('limits uploads to 5 MB, 2048 pixels and a day unclaimed unless told otherwise', () => {
    const config = loadConfig({});
    expect(config.UPLOAD_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(config.UPLOAD_MAX_DIMENSION).toBe(2048);
    expect(config.UPLOAD_TEMP_TTL).toBe(86_400);
    expect(loadConfig({ UPLOAD_MAX_BYTES: '1048576' }).UPLOAD_MAX_BYTES).toBe(1_048_576);
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: 'lots' })).toThrow(/UPLOAD_MAX_BYTES/);
    expect(() => loadConfig({ UPLOAD_MAX_DIMENSION: '10' })).toThrow(/UPLOAD_MAX_DIMENSION/);
  });

  it('takes a tile server template with its slots, and allows its host in the page', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}.png' })).toThrow(
      /MAP_TILE_URL/,
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'javascript:alert(1)//{z}{x}{y}' })).toThrow(
      /MAP_TILE_URL/,
    );
    const config = loadConfig({ MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png' });
    expect(tileOrigin(config.MAP_TILE_URL)).toBe('https://*.tiles.example');
    expect(tileOrigin('http://127.0.0.1:9000/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:9000');
  });
});
