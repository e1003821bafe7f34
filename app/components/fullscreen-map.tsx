import { useCallback, useEffect, useRef, useState } from "react";
import type { EmbeddedMap } from "../../content/schema.ts";

type Mode = "normal" | "native" | "fallback";

/**
 * An embedded map with a 'На весь экран' toggle. It asks the browser for fullscreen (Fullscreen
 * API) and, where that is missing or refused, fixes the container over the viewport instead.
 * Escape leaves both: the browser handles it in real fullscreen, a key listener in the fallback.
 *
 * The button exists only after hydration: without JavaScript it could not work, so the page
 * offers the plain link to the map in a new tab instead (rendered by the page, always present).
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
  const containerRef = useRef<HTMLDivElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [mode, setMode] = useState<Mode>("normal");

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    const onFullscreenChange = () => {
      const isOurs = document.fullscreenElement === containerRef.current;
      setMode((current) => (isOurs ? "native" : current === "native" ? "normal" : current));
    };
    document.addEventListener("fullscreenchange", onFullscreenChange);
    return () => document.removeEventListener("fullscreenchange", onFullscreenChange);
  }, []);

  const exit = useCallback(() => {
    if (document.fullscreenElement) {
      document.exitFullscreen().catch(() => setMode("normal"));
    } else {
      setMode("normal");
    }
  }, []);

  useEffect(() => {
    if (mode === "normal") return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") exit();
    };
    document.addEventListener("keydown", onKeyDown);
    // The fallback covers the viewport: the page under it must not scroll.
    document.documentElement.classList.toggle("has-fullscreen-map", mode === "fallback");
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.documentElement.classList.remove("has-fullscreen-map");
    };
  }, [mode, exit]);

  async function toggle() {
    const container = containerRef.current;
    if (!container) return;
    if (mode !== "normal") {
      exit();
      return;
    }
    if (document.fullscreenEnabled && typeof container.requestFullscreen === "function") {
      try {
        await container.requestFullscreen();
        return;
      } catch {
        // Refused (no user gesture, a policy, an old engine): use the CSS fallback below.
      }
    }
    setMode("fallback");
  }

  const expanded = mode !== "normal";
  return (
    <div
      ref={containerRef}
      className={mode === "fallback" ? "land-map land-map--fallback" : "land-map"}
    >
      <div className="land-map__toolbar">
        <button
          type="button"
          className="land-map__toggle"
          aria-pressed={expanded}
          hidden={!hydrated}
          onClick={toggle}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d={
                expanded
                  ? "M9 3v6H3M15 3v6h6M9 21v-6H3M15 21v-6h6"
                  : "M3 9V3h6M21 9V3h-6M3 15v6h6M21 15v6h-6"
              }
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
          </svg>
          {expanded ? exitLabel : enterLabel}
        </button>
      </div>
      <iframe
        className="land-map__frame"
        src={map.src}
        title={map.title}
        width="1200"
        height="700"
        loading="lazy"
        allow="fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
