/**
 * Where the shop map's tiles come from. The server may name a tile server in the page it serves
 * (`<meta name="map-tile-url" content="https://…/{z}/{x}/{y}.png">`, with its credit in
 * `<meta name="map-tile-attribution">`); without one, OpenStreetMap's public tiles are used. The
 * map works without any tiles: clicks and the marker need none.
 */
export const OPENSTREETMAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OPENSTREETMAP_COPYRIGHT = 'https://www.openstreetmap.org/copyright';

export type TileSource = {
  url: string;
  /** HTML credit for the tiles, or null to build OpenStreetMap's in the user's language. */
  attribution: string | null;
};

function metaContent(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() ?? '';
}

/** A template Leaflet can use: http(s) or a same-origin path, with the `{z}/{x}/{y}` slots. */
function isTileTemplate(value: string): boolean {
  return (
    /^(https?:\/\/|\/)/.test(value) && ['{z}', '{x}', '{y}'].every((slot) => value.includes(slot))
  );
}

export function tileSource(): TileSource {
  const configured = metaContent('map-tile-url');
  if (configured && isTileTemplate(configured)) {
    return { url: configured, attribution: metaContent('map-tile-attribution') || '' };
  }
  return { url: OPENSTREETMAP_TILE_URL, attribution: null };
}

/** OpenStreetMap's credit line with its link, `template` being the translated sentence. */
export function openStreetMapAttribution(translate: (link: string) => string): string {
  return translate(`<a href="${OPENSTREETMAP_COPYRIGHT}">OpenStreetMap</a>`);
}
