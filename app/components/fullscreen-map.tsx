import type { EmbeddedMap } from "../../content/schema.ts";
import { enhanceLandMapToggle, type LandMapToggleOptions } from "./land-map-toggle.ts";
import { MapFrame } from "./map-frame.tsx";

const enterIcon = "M3 9V3h6M21 9V3h-6M3 15v6h6M21 15v6h-6";
const exitIcon = "M9 3v6H3M15 3v6h6M9 21v-6H3M15 21v-6h6";

/**
 * An embedded map with a 'На весь экран' toggle. The markup is static; the toggle's behaviour is
 * a small inline script (land-map-toggle.ts), so the page needs no framework JavaScript. Without
 * JavaScript the button stays hidden and the page offers the plain link to the map besides.
 */
export function FullscreenMap({
  map,
  enterLabel,
  exitLabel,
}: {
  map: EmbeddedMap;
  enterLabel: string;
  exitLabel: string;
}) {
  const options: LandMapToggleOptions = { enterLabel, exitLabel, enterIcon, exitIcon };
  // `<` escaped so that no text in the options can close the script element.
  const script = `(${enhanceLandMapToggle.toString()})(${JSON.stringify(options).replace(/</g, "\\u003c")});`;
  return (
    <div className="land-map">
      <div className="land-map__toolbar">
        <button type="button" className="land-map__toggle" aria-pressed="false" hidden>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d={enterIcon} fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span className="land-map__toggle-label">{enterLabel}</span>
        </button>
      </div>
      {/* The frame is written inside <noscript>: without JavaScript it is there as it is; with
          it, the script below puts it in once the page has loaded, so the external map's frame
          (in view on a phone) does not hold up the page's first paint. */}
      <noscript>
        <MapFrame map={map} width={1200} height={700} className="land-map__frame" fullscreen />
      </noscript>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled function, options escaped */}
      <script dangerouslySetInnerHTML={{ __html: script }} />
    </div>
  );
}
