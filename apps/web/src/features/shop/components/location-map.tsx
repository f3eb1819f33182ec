import 'leaflet/dist/leaflet.css';
import { DEFAULT_MAP_VIEW, type ShopLocation } from '@taxfree/domain';
import { icon, type LatLngTuple, type LeafletEvent, type Marker as LeafletMarker } from 'leaflet';
import markerIconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import markerIconUrl from 'leaflet/dist/images/marker-icon.png';
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import { openStreetMapAttribution, tileSource } from '../model/map-tiles';
import classes from './shop.module.css';

/**
 * Leaflet's own marker, with its pictures bundled by Vite (its default icon looks for them next to
 * a stylesheet, which a bundle does not have).
 */
const markerIcon = icon({
  iconUrl: markerIconUrl,
  iconRetinaUrl: markerIconRetinaUrl,
  shadowUrl: markerShadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

type LocationMapProps = {
  location: ShopLocation | null;
  onPick: (location: ShopLocation) => void;
};

/** A click on the map puts the marker there. */
function ClickToPick({ onPick }: Pick<LocationMapProps, 'onPick'>) {
  useMapEvents({
    click: (event) => onPick({ latitude: event.latlng.lat, longitude: event.latlng.lng }),
  });
  return null;
}

/**
 * Keeps the map in step with its box (the drawer opens, the window turns) and brings the marker
 * into view when it moves outside it (coordinates typed by hand).
 */
function FollowMarker({ position }: { position: LatLngTuple | null }) {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  useEffect(() => {
    if (position && !map.getBounds().contains(position)) map.panTo(position);
  }, [map, position]);
  return null;
}

/**
 * The shop's location on a Leaflet map (SPEC 2): centred on the saved location, or on latitude 25,
 * longitude 51 at zoom 6 when there is none; a click places the marker, which can be dragged.
 * Without a reachable tile server the map stays grey, and clicks and the marker still work.
 */
export function LocationMap({ location, onPick }: LocationMapProps) {
  const { t, i18n } = useTranslation();
  const latitude = location?.latitude;
  const longitude = location?.longitude;
  const position = useMemo<LatLngTuple | null>(
    () => (latitude === undefined || longitude === undefined ? null : [latitude, longitude]),
    [latitude, longitude],
  );
  const tiles = useMemo(() => tileSource(), []);
  const attribution =
    tiles.attribution ??
    openStreetMapAttribution((link) => t('shop.map.attribution', { openStreetMap: link }));
  const eventHandlers = useMemo(
    () => ({
      dragend: (event: LeafletEvent) => {
        const { lat, lng } = (event.target as LeafletMarker).getLatLng();
        onPick({ latitude: lat, longitude: lng });
      },
    }),
    [onPick],
  );

  return (
    <div className={classes.mapFrame} role="group" aria-label={t('shop.map.label')}>
      <MapContainer
        className={classes.map}
        center={position ?? [DEFAULT_MAP_VIEW.latitude, DEFAULT_MAP_VIEW.longitude]}
        zoom={DEFAULT_MAP_VIEW.zoom}
        scrollWheelZoom={false}
        zoomControl={false}
      >
        <ZoomControl
          key={i18n.language}
          zoomInTitle={t('shop.map.zoomIn')}
          zoomOutTitle={t('shop.map.zoomOut')}
        />
        <TileLayer key={attribution} url={tiles.url} attribution={attribution} />
        <ClickToPick onPick={onPick} />
        <FollowMarker position={position} />
        {position && (
          <Marker
            position={position}
            icon={markerIcon}
            draggable
            alt={t('shop.map.marker')}
            title={t('shop.map.marker')}
            eventHandlers={eventHandlers}
          />
        )}
      </MapContainer>
    </div>
  );
}
