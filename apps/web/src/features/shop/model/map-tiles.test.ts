import { afterEach, describe, expect, it } from 'vitest';
import { OPENSTREETMAP_TILE_URL, tileSource } from './map-tiles';

function setMeta(name: string, content: string) {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
}

describe('tileSource', () => {
  afterEach(() => document.head.querySelectorAll('meta').forEach((meta) => meta.remove()));

  it("uses OpenStreetMap's tiles when the server names none", () => {
    expect(tileSource()).toEqual({ url: OPENSTREETMAP_TILE_URL, attribution: null });
    setMeta('map-tile-url', '');
    expect(tileSource().url).toBe(OPENSTREETMAP_TILE_URL);
  });

  it('uses the tile server the page names, with its credit', () => {
    setMeta('map-tile-url', 'https://tiles.example.com/{z}/{x}/{y}.png');
    setMeta('map-tile-attribution', '© Example Maps');
    expect(tileSource()).toEqual({
      url: 'https://tiles.example.com/{z}/{x}/{y}.png',
      attribution: '© Example Maps',
    });
  });

  it('ignores a value that is no tile template', () => {
    setMeta('map-tile-url', 'javascript:alert(1)/{z}/{x}/{y}');
    expect(tileSource().url).toBe(OPENSTREETMAP_TILE_URL);
    setMeta('map-tile-url', 'https://tiles.example.com/tile.png');
    expect(tileSource().url).toBe(OPENSTREETMAP_TILE_URL);
  });
});
