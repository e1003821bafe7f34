import type { EmbeddedMap } from "../../content/schema.ts";

/**
 * An external map's frame, as every page embeds one: loaded lazily, its title read out by screen
 * readers, the referrer cut to our origin. `fullscreen` lets the map's own fullscreen control work.
 */
export function MapFrame({
  map,
  width,
  height,
  className,
  fullscreen = false,
}: {
  map: Pick<EmbeddedMap, "src" | "title">;
  width: number;
  height: number;
  className?: string;
  fullscreen?: boolean;
}) {
  return (
    <iframe
      className={className}
      src={map.src}
      title={map.title}
      width={width}
      height={height}
      loading="lazy"
      allow={fullscreen ? "fullscreen" : undefined}
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
